// How the visitor started the app on a server-rendered page (boot.ts): a Tab pressed before the app held
// the page must still open the landing's lower sections, as a Tab after it does.
let byTab = false;

export function noteFirstInteraction(event: Event | undefined): void {
  byTab = event instanceof KeyboardEvent && event.key === 'Tab';
}

export function startedByTab(): boolean {
  return byTab;
}
