// The table chat (SPEC §13): the room's messages, oldest first, each as text (never markup: a
// message is whatever a player typed). The form that sends one is static, in index.html.

import { h } from "../dom";
import type { State } from "../state";

export function chatView(s: State): HTMLElement[] {
  if (s.messages.length === 0) return [h("li", { class: "muted" }, "No messages yet.")];
  return s.messages.map((message) =>
    h(
      "li",
      { "data-testid": "chat-message", "data-uid": message.uid },
      h("strong", {}, message.displayName),
      ": ",
      h("span", { "data-testid": "chat-text-shown" }, message.text),
    ),
  );
}
