import { bootAnswerKey } from '@kezhan/contract/h5-boot';

/**
 * Answers the server inlined into the page (`<script id="kezhan-boot" type="application/json">`):
 * public GET answers the first screen needs, keyed by their address. Each is used once, by the
 * first request for that address; later requests go to the network. Against a server that inlines
 * nothing (a plain MeEdu API) every request simply goes to the network.
 */
let answers: Map<string, unknown> | null = null;

function inlinedAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = document.getElementById('kezhan-boot')?.textContent;
  if (!text) return answers;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      for (const [address, answer] of Object.entries(parsed)) answers.set(address, answer);
    }
  } catch {
    // A damaged block is ignored: the requests go to the network instead.
  }
  return answers;
}

export function takeBootAnswer(address: string): unknown {
  const found = inlinedAnswers();
  const key = bootAnswerKey(address);
  const answer = found.get(key);
  found.delete(key);
  return answer;
}

/** For tests: forget what was read, so the next request reads the page again. */
export function resetBootAnswers(): void {
  answers = null;
}
