/** Where the page's early script (the shell's document.ts) keeps taps made before the page hydrated. */
interface EarlyTaps {
  __storefrontReplay?: HTMLElement[];
}

/**
 * Attached as the control's ref: React attaches it as the control hydrates, which for a module's region
 * may be after the rest of the page, so the control itself carries out a tap the early script kept.
 * Deferred past the commit, so its handler runs as any tap's would.
 */
function carryOutEarlyTap(control: HTMLElement | null) {
  const kept = (window as EarlyTaps).__storefrontReplay;
  // The very control, or (when the page drew it anew meanwhile: a signed-in header settling) the one
  // that took its place, known by the same data-replay name.
  const name = control?.dataset.replay;
  const at =
    control && kept
      ? kept.findIndex(
          (tapped) => tapped === control || (name && !tapped.isConnected && tapped.dataset.replay === name),
        )
      : -1;
  if (!control || !kept || at < 0) return;
  kept.splice(at, 1);
  setTimeout(() => {
    if (control.isConnected) control.click();
  }, 0);
}

/**
 * Props for a control only a script can work: a tap before the page hydrated is kept (data-replay) and
 * carried out once the control has hydrated, so a shopper who taps at once is not ignored.
 */
export const keepsEarlyTap = { 'data-replay': '', ref: carryOutEarlyTap } as const;

/** The same for a control the page may draw anew as it settles: `name` tells its successor. */
export const keepsEarlyTapOf = (name: string) => ({ 'data-replay': name, ref: carryOutEarlyTap }) as const;
