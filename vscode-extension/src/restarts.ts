// When the server process dies: restart it, unless it keeps dying. The client library's
// default gives up silently after four restarts until the window is reloaded; we give up after
// the same count but say so, with what to do.

export const MAX_RESTARTS = 4;
export const WINDOW_MS = 3 * 60 * 1000;

export class RestartPolicy {
  private crashes: number[] = [];

  /** Records a crash at `now`; true if the server should be started again. */
  crashed(now: number): boolean {
    this.crashes = this.crashes.filter((t) => now - t < WINDOW_MS);
    this.crashes.push(now);
    return this.crashes.length <= MAX_RESTARTS;
  }

  /** After a manual restart the count starts again. */
  reset(): void {
    this.crashes = [];
  }
}

export function gaveUpMessage(serverPath: string): string {
  return (
    `The betza language server (${serverPath}) stopped ${MAX_RESTARTS + 1} times within ` +
    `${WINDOW_MS / 60000} minutes and is not restarted. Its log is in the "betza" output; ` +
    "check that `betza lsp` runs in a terminal, or point `betza.server.path` at a working binary, then run “Betza: Restart language server”."
  );
}
