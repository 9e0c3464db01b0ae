/** The one place the brand is spelled in code; UI text takes it from the translation files. */
export const BRAND = 'Curio';
/** Code name of the points currency ("Curio points"). */
export const POINTS_CODE = 'points';
