// The signed-in user's account, live from players/{uid}.

import { h } from "../dom";
import type { State } from "../state";

export function accountView(s: State): Node {
  const user = s.user!;
  const account = s.account;
  const kind = user.isAnonymous ? "anonymous" : (user.email ?? "signed in");
  return h(
    "div",
    { class: "account" },
    h(
      "div",
      {},
      h("strong", { "data-testid": "account-name" }, account?.displayName ?? "(new player)"),
      ` · ${kind}`,
    ),
    h("div", { class: "muted" }, "uid ", h("code", { "data-testid": "account-uid" }, user.uid)),
    account
      ? h(
          "div",
          { "data-testid": "account-stats" },
          "Played ",
          h("span", { "data-testid": "stat-played" }, account.stats.gamesPlayed),
          " · won ",
          h("span", { "data-testid": "stat-won" }, account.stats.gamesWon),
          " · abandoned ",
          h("span", { "data-testid": "stat-abandoned" }, account.stats.gamesAbandoned),
          " · room ",
          h("code", { "data-testid": "account-room" }, account.roomID ?? "none"),
        )
      : h(
          "div",
          { class: "muted", "data-testid": "account-stats" },
          "Your account is created with your first move.",
        ),
  );
}
