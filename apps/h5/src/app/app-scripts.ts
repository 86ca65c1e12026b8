import { H5_APP_SCRIPTS_TEMPLATE_ID } from '@kezhan/contract/browser';
import { nextTask } from '@/shared/layout/next-task';

/** Links added to the document per task: each costs the main thread about a millisecond. */
export const APP_SCRIPT_LINKS_PER_TASK = 2;

/**
 * On a page the server drew, it lists the app's scripts as preload links in an inert template.
 * This adds them to the document a few per task, so their fetches start without one long task,
 * and the app's loader then finds them in place instead of adding them all at once. Resolves when
 * all are added (at once when there is no such template).
 */
export async function addAppScriptLinks(): Promise<void> {
  const template = document.getElementById(H5_APP_SCRIPTS_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const links = [...template.content.querySelectorAll('link')];
  template.remove();
  for (let start = 0; start < links.length; start += APP_SCRIPT_LINKS_PER_TASK) {
    if (start > 0) await nextTask();
    document.head.append(...links.slice(start, start + APP_SCRIPT_LINKS_PER_TASK));
  }
}
