/** `value` rounded to `digits` decimals, for the report. */
export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
