// Betza letters are not words. Without a range of its own, VS Code's completion would replace
// the "word" before the cursor (`fmW` in `fmW|`) and filter the letters by it, so that no letter
// is offered after the first; a letter item is therefore inserted at the cursor.

export type Label = string | { readonly label: string };

/** Whether a completion item is one Betza letter that the server left without a range. */
export function insertsAtCursor(label: Label, hasRange: boolean): boolean {
  const text = typeof label === "string" ? label : label.label;
  return !hasRange && /^[A-Za-z]$/.test(text);
}
