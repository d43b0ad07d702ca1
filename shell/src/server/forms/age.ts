import { AGE_COOKIE_MAX_AGE_SECONDS, AGE_VERIFIED_COOKIE } from '../../app/age-verification';
import { pageCookie } from '../cookies';
import { pageAddress, type FormHandler } from './form-kit';

/** The age answer as a cookie the page's scripts keep in step with the spec's storage key. */
export const ageCookie = (secure: boolean) =>
  pageCookie(AGE_VERIFIED_COOKIE, 'true', { maxAgeSeconds: AGE_COOKIE_MAX_AGE_SECONDS, secure });

/** The age gate's YES: remembered, and the same page again, without the gate. */
export const answerAgeGate: FormHandler = async (context) => ({
  redirect: pageAddress(context.page),
  cookies: [ageCookie(context.secure)],
});
