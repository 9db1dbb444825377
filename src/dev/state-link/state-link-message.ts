/**
 * What a state link says when it cannot show its state: a message over the shop (an `alert`, so a
 * screen reader reads it too) and in the console, with the valid links to follow instead. Dev server
 * only: plain DOM, outside React, so it shows whatever state the app is in.
 */

/** A message: its title, what went wrong, and the links offered instead (name and URL). */
export interface StateLinkMessage {
  readonly title: string;
  readonly detail: string;
  readonly links: ReadonlyArray<{ readonly name: string; readonly href: string }>;
}

/** The id of the message's element: one message per page, the newest. */
export const STATE_LINK_MESSAGE_ID = 'state-link-message';

/** Shows `message` at the top of the page, replacing an earlier one, and logs it as an error. */
export function showStateLinkMessage({ title, detail, links }: StateLinkMessage): void {
  document.getElementById(STATE_LINK_MESSAGE_ID)?.remove();
  const box = document.createElement('aside');
  box.id = STATE_LINK_MESSAGE_ID;
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'position:fixed;inset:0 0 auto;z-index:2147483647;max-height:60vh;overflow:auto;padding:1rem;' +
    'background:Canvas;color:CanvasText;border-bottom:3px solid #b00020;font:14px/1.4 system-ui,sans-serif';
  const heading = document.createElement('h2');
  heading.textContent = title;
  const text = document.createElement('p');
  text.textContent = detail;
  const list = document.createElement('ul');
  list.style.columns = '18rem';
  for (const link of links) {
    const item = document.createElement('li');
    const anchor = document.createElement('a');
    anchor.href = link.href;
    anchor.textContent = link.name;
    item.append(anchor);
    list.append(item);
  }
  box.append(heading, text, list);
  document.body.prepend(box);
  console.error(`${title}\n${detail}\n${links.map((link) => `  ${link.name}`).join('\n')}`);
}
