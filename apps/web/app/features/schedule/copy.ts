export const SCHEDULE_TITLE = 'Horários';
