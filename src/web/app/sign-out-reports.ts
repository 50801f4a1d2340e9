import { beforeSignOut } from '../api/sign-out-hooks';
import { pendingReports } from '../features/video/progress-outbox';

/**
 * Progress watched offline (features/video/progress-outbox.ts) waits in this device's storage, which a
 * sign-out empties: it is sent first while the session still holds. The lessons' code loads only when
 * something waits. Still offline, it goes with the family's other data on the device.
 */
export function sendReportsBeforeSignOut(): void {
  beforeSignOut(async () => {
    if (pendingReports().length === 0) return;
    const { sendWaitingReports } = await import('../features/video/lessons-api');
    await sendWaitingReports();
  });
}
