export const CONTACT_TITLE = 'Contato';
