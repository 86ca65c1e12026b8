/**
 * The home page keeps the 继续学习 card's place while the member's answer is on its way (it comes
 * after the page itself), so the card's arrival pushes nothing down. Whether to keep it is known
 * before the first paint: a member (token stored) whose last answer had a card, or who has none
 * recorded yet, gets `html[data-continue-card]`; continue-learning.css sizes the slot by it.
 */
export const CONTINUE_CARD_KEY = 'kz-continue-card';

/**
 * Runs before the first paint: the build copies this function's source into the inline script of
 * index.html beside the theme's (vite.config.ts), so it uses nothing from outside its own body.
 */
export function keepContinueSlotBeforePaint(tokenKey: string, cardKey: string): void {
  try {
    if (localStorage.getItem(tokenKey) && localStorage.getItem(cardKey) !== '0')
      document.documentElement.dataset.continueCard = '';
  } catch {
    // No storage: no place kept.
  }
}

/** The answer is in (or there is no member): remember it for the next visit and size the slot now. */
export function settleContinueSlot(shown: boolean, remember = true): void {
  if (remember) {
    try {
      localStorage.setItem(CONTINUE_CARD_KEY, shown ? '1' : '0');
    } catch {
      // Private mode: the next visit keeps the place by default.
    }
  }
  if (shown) document.documentElement.dataset.continueCard = '';
  else delete document.documentElement.dataset.continueCard;
}
