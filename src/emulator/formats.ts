import { z } from 'zod';

/*
 * The emulator's own reading of the value formats the spec and its public facts name. Written
 * from their text, not taken from the client: where the two read a format differently, the
 * client's tests against the emulator fail.
 */

/**
 * `HH:MM-HH:MM`, each time 00:00 to 23:59: the published description (2021) has no 24:00 and
 * writes a window that runs to midnight `18:00-00:00`, so an end is not compared with its start.
 */
const TIME_WINDOW = /^(?:[01]\d|2[0-3]):[0-5]\d-(?:[01]\d|2[0-3]):[0-5]\d$/;
/** `gcid:<category_name>`, names as the spec's examples write them. */
const CATEGORY = /^gcid:[a-z0-9_]+$/;
/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{1,14}$/;

export const isoDate = z.iso.date({ error: 'must be a date yyyy-mm-dd' });
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
export const timeWindow = z.string().regex(TIME_WINDOW, 'must be a time window HH:MM-HH:MM');
export const categoryId = z.string().regex(CATEGORY, 'must be a category id gcid:<name>');
export const phoneNumber = z.string().regex(E164, 'must be a phone number in E.164 format (+33302060628)');
