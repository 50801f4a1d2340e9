// Every kind of job the school runs, by name. A runner only claims kinds it has a handler for, so an
// instance of an older build leaves a newer build's jobs alone during a rolling deploy.
import { MAIL_JOB } from '../integrations/mail/queue';
import { mailJob } from '../integrations/mail/job';
import { PASSWORD_RESET_JOB } from '../modules/auth/password-reset';
import { ACCOUNTS_SWEEP_JOB, accountsSweepJob } from '../modules/auth/sweep-job';
import { passwordResetJob } from '../modules/auth/password-reset-job';
import { RECONCILE_JOB } from '../modules/payments/register-order';
import { reconcileJob } from '../modules/payments/reconcile';
import { REFUND_JOB, REFUND_PART_JOB } from '../modules/payments/order-transitions';
import { refundJob } from '../modules/payments/refund-job';
import { BANK_RETURN_CHECK_JOB } from '../modules/payments/bank-return-checks';
import { bankReturnCheckJob } from '../modules/payments/bank-refunds';
import { RENEWAL_TICK_JOB, renewalTickJob } from '../modules/renewals/charge';
import { MAILING_DELIVER_JOB, deliverJob } from '../modules/mailing/deliver';
import { MAILING_TICK_JOB, mailingTickJob } from '../modules/mailing/reminders';
import {
  MEDIA_RELEASE_JOB,
  MEDIA_SWEEP_JOB,
  mediaReleaseJob,
  mediaSweepJob,
} from '../modules/media/cleanup';
import { TRANSCODE_JOB, transcodeJob } from '../modules/media/transcode-job';
import type { JobHandlers } from './types';

export const jobHandlers: JobHandlers = {
  [MAIL_JOB]: mailJob,
  [PASSWORD_RESET_JOB]: passwordResetJob,
  [ACCOUNTS_SWEEP_JOB]: accountsSweepJob,
  [RECONCILE_JOB]: reconcileJob,
  [REFUND_JOB]: refundJob,
  [REFUND_PART_JOB]: refundJob,
  [BANK_RETURN_CHECK_JOB]: bankReturnCheckJob,
  [RENEWAL_TICK_JOB]: renewalTickJob,
  [MAILING_DELIVER_JOB]: deliverJob,
  [MAILING_TICK_JOB]: mailingTickJob,
  [MEDIA_RELEASE_JOB]: mediaReleaseJob,
  [MEDIA_SWEEP_JOB]: mediaSweepJob,
};

/**
 * Lesson videos into HLS ladders: minutes of ffmpeg each, so their own workers run them (main.ts,
 * TRANSCODE_CONCURRENCY at once) and the kinds above never wait behind a video.
 */
export const transcodeHandlers: JobHandlers = {
  [TRANSCODE_JOB]: transcodeJob,
};
