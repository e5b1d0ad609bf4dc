/**
 * The file picker's placeholder is an element with text of its own (not an input's ::placeholder),
 * so axe checks its contrast: Mantine's placeholder gray is under 4.5:1 on white, the dimmed text
 * colour (gray 7 here) is above it.
 */
export const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } } as const;
