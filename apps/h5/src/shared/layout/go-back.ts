import type { NavigateFunction } from 'react-router-dom';

/** The back-arrow rule: home when there is nothing to go back to, else one step back. */
export function goBack(navigate: NavigateFunction, historyLength: number = window.history.length): void {
  if (historyLength <= 2) navigate('/');
  else navigate(-1);
}
