import VideoPage from './video-page';
import { ParentalLeaveGuard } from './parental-leave-guard';

/** /video: the lessons, and every way out asks a grown-up. */
export default function GuardedVideoPage() {
  return (
    <>
      <VideoPage />
      <ParentalLeaveGuard />
    </>
  );
}
