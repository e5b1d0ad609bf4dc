/** What an item's parts share: the page they are on and the item's own state. */
import type { Call } from '../api';
import { h } from '../dom';
import type { Text } from '../text';
import type { PortalItem, PortalView } from '../types';
import type { SendFile, UploadQueue } from '../uploads';

/** The page as its items see it: words, the API and the page-wide actions. */
export interface PageContext {
  readonly text: Text;
  readonly call: Call;
  /** Sends files to the API path under the page's base. */
  sendFile(path: string): SendFile;
  /** The intake is archived: everything is read-only. */
  readonly archived: boolean;
  /** Says something to screen readers. */
  announce(message: string): void;
  /** A fresh view after an action on one item: the summary and that item are redrawn. */
  applyView(view: PortalView, key: string, flash?: string): void;
  /** Loads the whole page again. */
  reload(): void;
  /** A write was refused because the intake was archived meanwhile: the page goes read-only. */
  becameArchived(): void;
  /** Reads the view again and updates the file items (their uploads change more than themselves). */
  sync(): void;
}

/** One item on the page; what the client has typed lives in its controls. */
export interface ItemContext {
  item: PortalItem;
  el: HTMLElement | null;
  /** A file item's uploads, kept when the item is redrawn. */
  uploads: UploadQueue | null;
  uploadList: HTMLUListElement | null;
  fileBox: HTMLElement | null;
  /** A confirmation shown once, after an action. */
  flash: string;
  /** A request for the item is under way. */
  busy: boolean;
  /** Ids of the help, hints and revision note. */
  describedBy: string | null;
}

export const newItemContext = (item: PortalItem): ItemContext => ({
  item,
  el: null,
  uploads: null,
  uploadList: null,
  fileBox: null,
  flash: '',
  busy: false,
  describedBy: null,
});

export const idOf = (ctx: ItemContext, part?: string): string => 'i-' + ctx.item.key + (part ? '-' + part : '');
export const titleOf = (ctx: ItemContext): HTMLElement | null => document.getElementById(idOf(ctx, 'title'));
export const itemPath = (ctx: ItemContext, rest = ''): string => '/items/' + encodeURIComponent(ctx.item.key) + rest;

/** Nothing can be changed in an archived intake or an item the owner accepted or waived. */
export const readOnly = (page: PageContext, ctx: ItemContext): boolean =>
  page.archived || ctx.item.status === 'approved' || ctx.item.status === 'waived';

/** "(required)" after a field's label. */
export const required = ({ t }: Text, on: boolean | undefined): HTMLSpanElement | null =>
  on ? h('span', { class: 'muted', text: ' ' + t('field_required') }) : null;
