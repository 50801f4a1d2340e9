// The offer of a place for one more child, shown on the children's screen.
export { ChildSlotOffer } from './child-slot-offer';
