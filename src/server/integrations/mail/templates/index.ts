import type { MailRequest } from '../types';
import { confirmationMail } from './confirmation';
import type { MailContent, TemplateContext } from './content';
import { passwordChangedMail } from './password-changed';
import { passwordResetMail } from './password-reset';
import { welcomeMail } from './welcome';
import { staffInvitationMail } from './staff-invitation';
import { caregiverInvitationMail } from './caregiver-invitation';
import { giftMail, giftReadyMail } from './gift';
import { renewalDoneMail, renewalFailedMail, renewalReminderMail } from './renewal';
import { refundMail } from './refund';
import { purchasePaidMail } from './purchase';
import { supportAnswerMail, supportReceivedMail, supportRequestMail } from './support';
import { campaignMail, lessonReminderMail } from './mailing';
import { weeklyLetterMail } from './weekly-letter';

export { CONFIRMATION_LINK_HOURS } from './confirmation';
export { PASSWORD_RESET_LINK_MINUTES } from './password-reset';
export { STAFF_INVITATION_LINK_HOURS } from './staff-invitation';
export type { MailContent, TemplateContext } from './content';

/** The content of the mail a request asks for. A new template is a new case here and in types.ts. */
export function composeMail(request: MailRequest, context: TemplateContext): MailContent {
  switch (request.template) {
    case 'confirmation':
      return confirmationMail(request.data);
    case 'password-reset':
      return passwordResetMail(request.data);
    case 'password-changed':
      return passwordChangedMail(request.data, context);
    case 'welcome':
      return welcomeMail(request.data, context);
    case 'staff-invitation':
      return staffInvitationMail(request.data);
    case 'caregiver-invitation':
      return caregiverInvitationMail(request.data);
    case 'gift-ready':
      return giftReadyMail(request.data, context);
    case 'gift':
      return giftMail(request.data, context);
    case 'renewal-reminder':
      return renewalReminderMail(request.data, context);
    case 'renewal-done':
      return renewalDoneMail(request.data, context);
    case 'renewal-failed':
      return renewalFailedMail(request.data, context);
    case 'refund':
      return refundMail(request.data, context);
    case 'purchase-paid':
      return purchasePaidMail(request.data, context);
    case 'support-request':
      return supportRequestMail(request.data);
    case 'support-received':
      return supportReceivedMail(request.data, context);
    case 'support-answer':
      return supportAnswerMail(request.data, context);
    case 'campaign':
      return campaignMail(request.data);
    case 'lesson-reminder':
      return lessonReminderMail(request.data, context);
    case 'weekly-letter':
      return weeklyLetterMail(request.data, context);
  }
}
