export { HeroIllustration } from './hero-illustration';
export { NotFoundIllustration } from './not-found-illustration';
export { Owl } from './owl';
export { Sparkle } from './sparkle';
export { ProgramIcon, isProgramIconName } from './program-icon';
export type { ProgramIconName } from './program-icon';
export {
  AppleIcon,
  ArrowRightIcon,
  CheckIcon,
  GooglePlayIcon,
  LockIcon,
  PlayIcon,
  StarIcon,
} from './icons';
