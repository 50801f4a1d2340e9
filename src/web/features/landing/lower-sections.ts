// The landing's lower sections, in a chunk of their own: they appear after the first scroll (docs/PRODUCT.md «Screens and routes»), so
// their code stays out of the landing's initial JavaScript and is fetched while the parent reads the banner.
export { AppsSection } from './apps-section';
export { HowItWorksSection } from './how-it-works-section';
export { OfferSection } from './offer-section';
export { TariffsSection } from './tariffs/tariffs-section';
export { VideoSection } from './video-section';
