/**
 * The page: loads the client's view from the portal API and draws the summary, the brief and the
 * items; after an action only the summary and that item are redrawn, so what the client has typed
 * in other items stays.
 */
import type { Call } from './api';
import { h, swap } from './dom';
import { type ItemContext, newItemContext, type PageContext } from './items/context';
import { refreshFiles } from './items/files';
import { renderItem } from './items/item';
import { intakeNoteBlock } from './intake-note';
import { problemText } from './messages';
import { fileItemChange, safeUrl, ScanPoller, scanPending } from './state';
import type { Text } from './text';
import { isFileItem, type PortalView } from './types';
import { createSendFile } from './uploads';

export interface PageOptions {
  /** The element the page is drawn in (`#app`). */
  app: HTMLElement;
  text: Text;
  /** The portal API's base for this link (`/portal/v1/{slug}`). */
  base: string;
  call: Call;
  announce: (message: string) => void;
}

/** The page's state and actions; call `load()` to start. */
export function createPage({ app, text, base, call, announce }: PageOptions): PageContext & { load(): void } {
  const { t } = text;
  let view: PortalView | null = null;
  let summary: HTMLElement | null = null;
  let byKey = new Map<string, ItemContext>();
  const poller = new ScanPoller(() => sync());

  const page = {
    text,
    call,
    announce,
    archived: false,
    sendFile: (path: string) => createSendFile(base + path),
    load,
    applyView,
    reload: load,
    becameArchived,
    sync,
  };

  const schedulePoll = () => {
    if (!page.archived) poller.schedule(scanPending([...byKey.values()].map((ctx) => ctx.item)));
  };

  function load(): void {
    app.setAttribute('aria-busy', 'true');
    void call<PortalView>('GET', '').then((res) => {
      app.removeAttribute('aria-busy');
      if (res.ok && res.body) return renderPage(res.body);
      app.replaceChildren(
        res.status === 404
          ? h('div', { class: 'card' }, [
              h('h1', { text: t('not_found_title') }),
              h('p', { text: t('not_found_text') }),
            ])
          : h('div', { class: 'notice error', role: 'alert' }, [
              h('p', { text: t('load_failed') + ' ' + (res.ok ? '' : problemText(text, res.problem)) }),
              h('button', { type: 'button', class: 'button', onclick: load, text: t('try_again') }),
            ]),
      );
    });
  }

  function renderPage(fresh: PortalView): void {
    view = fresh;
    page.archived = fresh.status === 'archived';
    byKey = new Map();
    document.title = t('page_title', { project: fresh.project_name });
    summary = renderSummary(fresh);
    const section = h('section', { class: 'items', 'aria-labelledby': 'items-title' }, [
      h('h2', { id: 'items-title', text: t('items_heading') }),
      fresh.items.length ? null : h('p', { class: 'card', text: t('no_items') }),
    ]);
    for (const item of fresh.items) {
      const ctx = newItemContext(item);
      byKey.set(item.key, ctx);
      section.appendChild(renderItem(page, ctx));
    }
    const note = intakeNoteBlock(page, fresh, redrawSummary);
    app.replaceChildren(...[summary, renderBrief(fresh), section, note].filter((node): node is HTMLElement => !!node));
    schedulePoll();
  }

  function renderSummary(current: PortalView): HTMLElement {
    const p = current.progress;
    return h('header', { class: 'summary' }, [
      h('p', { class: 'eyebrow', text: t('portal_name') }),
      h('h1', { text: current.project_name }),
      h('p', { text: current.client_name ? t('greeting', { name: current.client_name }) : t('greeting_anonymous') }),
      current.due_date ? h('p', { class: 'due', text: t('due', { date: text.calendarDay(current.due_date) }) }) : null,
      p && p.total > 0
        ? h('div', { class: 'progress' }, [
            h('label', { for: 'progress', text: t('progress', { n: p.total, done: p.submitted, total: p.total }) }),
            h('progress', { id: 'progress', max: p.total, value: p.submitted }),
          ])
        : null,
      current.status === 'completed'
        ? h('div', { class: 'notice success', id: 'done' }, [
            h('h2', { text: t('done_title') }),
            h('p', { text: t('done_text') }),
          ])
        : null,
      page.archived ? h('p', { class: 'notice', id: 'archived', text: t('archived_notice') }) : null,
    ]);
  }

  function renderBrief(current: PortalView): HTMLElement | null {
    const files = (current.brief_files || []).filter((file) => file && safeUrl(file.url));
    if (!current.client_brief && !files.length) return null;
    return h('section', { class: 'brief card', 'aria-labelledby': 'brief-title' }, [
      h('h2', { id: 'brief-title', text: t('brief_heading') }),
      current.client_brief ? h('p', { class: 'text', text: current.client_brief }) : null,
      files.length ? h('h3', { text: t('brief_files') }) : null,
      files.length
        ? h(
            'ul',
            { class: 'file-list' },
            files.map((file) =>
              h('li', null, [
                h('a', {
                  href: file?.url,
                  rel: 'noopener noreferrer',
                  class: 'file-name',
                  text: file?.filename || t('download'),
                }),
                h('span', { class: 'muted', text: text.bytes(file?.size) }),
              ]),
            ),
          )
        : null,
    ]);
  }

  function redrawSummary(fresh: PortalView): void {
    view = fresh;
    const next = renderSummary(fresh);
    swap(summary, next);
    summary = next;
  }

  // After an action on one item: a fresh summary and that item; the other items keep what is typed in them.
  function applyView(fresh: PortalView, key: string, flash?: string): void {
    const wasCompleted = view?.status === 'completed';
    if (fresh.status === 'archived' && !page.archived) {
      renderPage(fresh);
      return announce(t('archived_notice'));
    }
    redrawSummary(fresh);
    const ctx = byKey.get(key);
    const item = fresh.items.find((i) => i.key === key);
    if (ctx && item) {
      ctx.item = item;
      ctx.flash = flash || '';
      renderItem(page, ctx);
      ctx.flash = '';
    }
    announce(fresh.status === 'completed' && !wasCompleted ? t('done_title') + ' ' + t('done_text') : flash || '');
    schedulePoll();
  }

  // A write was refused because the intake was archived meanwhile: show everything read-only.
  function becameArchived(): void {
    void call<PortalView>('GET', '').then((res) => {
      const fresh = res.ok && res.body ? res.body : view && { ...view, status: 'archived' };
      if (fresh) renderPage(fresh);
      announce(t('archived_notice'));
    });
  }

  // Files change more than themselves (an upload or removal un-submits the item; a failed virus scan
  // too), so after each, and while scans run, the page fetches the view again and updates file items.
  function sync(): void {
    void call<PortalView>('GET', '').then((res) => {
      const fresh = res.ok ? res.body : null;
      if (fresh && fresh.status === 'archived' && !page.archived) return renderPage(fresh);
      if (fresh) {
        redrawSummary(fresh);
        for (const item of fresh.items.filter(isFileItem)) {
          const ctx = byKey.get(item.key);
          if (!ctx) continue;
          const change = fileItemChange(ctx.item, item);
          ctx.item = item;
          if (change === 'item') renderItem(page, ctx);
          else if (change === 'files') refreshFiles(page, ctx);
        }
      }
      schedulePoll();
    });
  }

  return page;
}
