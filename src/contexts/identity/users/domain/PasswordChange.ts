/** Whether and when the user should change the password (the real product's spelling `REQUIERED` is kept). */
export const PASSWORD_CHANGE_VALUES = ['NOT_NECESSARY', 'REQUIERED', 'RECOMMENDED'] as const;
export type PasswordChange = (typeof PASSWORD_CHANGE_VALUES)[number];
