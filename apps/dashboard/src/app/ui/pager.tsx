import { Pagination } from '@mantine/core';
import { useText } from '../i18n/use-text';

/**
 * Mantine's pagination in a labelled `nav`, every page and arrow named in the language shown;
 * nothing when there is one page or none.
 */
export function Pager({
  label,
  total,
  value,
  onChange,
  size,
}: {
  /** The `nav`'s name, e.g. "Pages". */
  label: string;
  /** How many pages there are. */
  total: number;
  value: number;
  onChange: (page: number) => void;
  size?: 'sm';
}) {
  const text = useText();
  if (total <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        size={size}
        total={total}
        value={value}
        onChange={onChange}
        withEdges={false}
        getItemProps={(page) => ({ 'aria-label': text('pager.page_label', { page }) })}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': text('pager.previous_page') }
            : control === 'next'
              ? { 'aria-label': text('pager.next_page') }
              : {}
        }
      />
    </nav>
  );
}
