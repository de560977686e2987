export const ABOUT_TITLE = 'Quem somos';
