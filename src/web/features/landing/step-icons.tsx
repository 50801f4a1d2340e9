// Pictures of the «how it works» steps: a child's profile, a lesson on a tablet, a star of progress.

export function ChildStepIcon() {
  return (
    <svg viewBox="0 0 80 80" aria-hidden="true">
      <circle cx="40" cy="40" r="38" fill="#fff1e6" />
      <circle cx="40" cy="34" r="16" fill="#ffc9a0" />
      <path d="M24 30c0-12 8-18 16-18s16 6 16 18c-4-6-10-8-16-8s-12 2-16 8Z" fill="#ff8a3d" />
      <circle cx="34" cy="35" r="2.5" fill="#2b2350" />
      <circle cx="46" cy="35" r="2.5" fill="#2b2350" />
      <path
        d="M35 42q5 4 10 0"
        fill="none"
        stroke="#2b2350"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path d="M18 70c2-12 10-18 22-18s20 6 22 18z" fill="#ff8a3d" />
    </svg>
  );
}

export function LessonStepIcon() {
  return (
    <svg viewBox="0 0 80 80" aria-hidden="true">
      <circle cx="40" cy="40" r="38" fill="#efeaff" />
      <rect x="14" y="20" width="52" height="38" rx="8" fill="#6c4cf1" />
      <rect x="19" y="25" width="42" height="28" rx="4" fill="#fff" />
      <path d="M36 32v14l11-7z" fill="#ff8a3d" />
      <rect x="30" y="60" width="20" height="5" rx="2.5" fill="#6c4cf1" />
    </svg>
  );
}

export function ProgressStepIcon() {
  return (
    <svg viewBox="0 0 80 80" aria-hidden="true">
      <circle cx="40" cy="40" r="38" fill="#e3f8f3" />
      <path
        d="M40 14l7.6 15.4 17 2.5-12.3 12 2.9 16.9L40 52.8l-15.2 8 2.9-16.9-12.3-12 17-2.5z"
        fill="#ffc93c"
        stroke="#ff8a3d"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="35" cy="36" r="2.5" fill="#2b2350" />
      <circle cx="45" cy="36" r="2.5" fill="#2b2350" />
      <path
        d="M35 42q5 4 10 0"
        fill="none"
        stroke="#2b2350"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
