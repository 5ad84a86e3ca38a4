import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import { MAX_RESTARTS, RestartPolicy, WINDOW_MS, gaveUpMessage } from "../../src/restarts";

describe("RestartPolicy", () => {
  it("restarts four times, then gives up", () => {
    const policy = new RestartPolicy();
    const answers = Array.from({ length: MAX_RESTARTS + 1 }, (_, i) => policy.crashed(1000 + i));
    assert.deepEqual(answers, [true, true, true, true, false]);
  });

  it("forgets crashes older than the window", () => {
    const policy = new RestartPolicy();
    for (let i = 0; i < MAX_RESTARTS; i++) {
      assert.equal(policy.crashed(i), true);
    }
    assert.equal(policy.crashed(WINDOW_MS + 10), true);
  });

  it("starts counting again after a manual restart", () => {
    const policy = new RestartPolicy();
    for (let i = 0; i <= MAX_RESTARTS; i++) {
      policy.crashed(i);
    }
    policy.reset();
    assert.equal(policy.crashed(MAX_RESTARTS + 1), true);
  });

  it("tells the user what to do", () => {
    const message = gaveUpMessage("/opt/betza");
    assert.match(message, /\/opt\/betza/);
    assert.match(message, /betza\.server\.path/);
    assert.match(message, /Restart language server/);
  });
});
