/** A file item's answer: its uploads with their scan state, the file picker, the upload queue and Send. */
import { h, hiddenName, ids, swap } from '../dom';
import { fileDetailText, problemText } from '../messages';
import type { PortalFile } from '../types';
import { acceptOf, type UploadJob, UploadQueue } from '../uploads';
import { idOf, type ItemContext, itemPath, type PageContext, readOnly, titleOf } from './context';
import { act, type ErrorBoard, errorBoard, report, setBusy } from './forms';

const working = (ctx: ItemContext) => !!ctx.uploads?.working;

export function fileBlock(page: PageContext, ctx: ItemContext, ro: boolean): { node: HTMLElement; labelFor: null } {
  const { t } = page.text;
  const item = ctx.item;
  const files = item.files || [];
  const multiple = item.type === 'file_list';
  const general = h('p', { id: idOf(ctx, 'files-error'), class: 'field-error', hidden: true });
  const board = errorBoard(general);
  ctx.uploadList = ctx.uploadList || h('ul', { class: 'uploads', 'aria-label': t('uploads_label') });
  const box = h('div', { class: 'files' }, [
    files.length
      ? h(
          'ul',
          { class: 'file-list', 'aria-label': t('your_files') },
          files.map((file) => fileRow(page, ctx, file, ro, board)),
        )
      : h('p', { class: 'muted', text: t('no_files') }),
    ctx.uploadList,
  ]);
  if (!ro) {
    // A file or image item holds one file: a new upload replaces it.
    if (multiple || !working(ctx)) {
      const pickText = multiple ? t('add_files') : files.length ? t('replace_file') : t('add_file');
      const pickLabel = h('label', { id: idOf(ctx, 'pick'), for: idOf(ctx, 'file'), text: pickText });
      const input = h('input', {
        type: 'file',
        id: idOf(ctx, 'file'),
        multiple,
        accept: acceptOf(item),
        'aria-labelledby': ids(idOf(ctx, 'title'), pickLabel.id),
        'aria-describedby': ids(ctx.describedBy, general.id),
      });
      input.addEventListener('change', () => {
        const chosen = Array.from(input.files || []);
        input.value = '';
        chosen.forEach((file) => enqueue(page, ctx, file));
      });
      box.appendChild(h('div', { class: 'pick' }, [pickLabel, input]));
    }
    const submit = h('button', {
      type: 'button',
      id: idOf(ctx, 'submit'),
      class: 'button primary',
      disabled: !files.length || working(ctx),
      text: item.status !== 'pending' ? t('send_again') : multiple ? t('send_files') : t('send_file'),
    });
    submit.addEventListener('click', () => {
      act(page, ctx, submit, board, {
        method: 'POST',
        path: '/submit',
        flash: t('saved', { label: item.label }),
        detailText: (detail) => fileDetailText(page.text, files, detail),
      });
    });
    box.appendChild(general);
    box.appendChild(h('div', { class: 'actions' }, [submit]));
  }
  const old = ctx.fileBox;
  ctx.fileBox = box;
  if (old) swap(old, box, titleOf(ctx));
  return { node: box, labelFor: null };
}

/** Draws a file item's files again (after an upload, a removal or a scan), keeping the rest of the item. */
export function refreshFiles(page: PageContext, ctx: ItemContext): void {
  if (ctx.fileBox) fileBlock(page, ctx, readOnly(page, ctx));
}

function fileRow(page: PageContext, ctx: ItemContext, file: PortalFile, ro: boolean, board: ErrorBoard): HTMLLIElement {
  const { t, has, bytes } = page.text;
  const av = file.av_status || 'clean';
  const row = h('li', { class: 'file', 'data-file-id': file.id, 'data-av-status': av }, [
    h('span', { class: 'file-name', text: file.filename }),
    h('span', { class: 'muted', text: bytes(file.size) }),
    h('span', { class: av === 'infected' ? 'bad' : 'muted', text: has('av_' + av) ? t('av_' + av) : av }),
  ]);
  if (!ro) {
    const remove = h('button', { type: 'button', class: 'button small', id: idOf(ctx, 'rm-' + file.id) }, [
      t('remove'),
      hiddenName(file.filename),
    ]);
    remove.addEventListener('click', () => {
      if (ctx.busy) return;
      setBusy(page, ctx, remove, true);
      void page.call('DELETE', itemPath(ctx, '/files/' + encodeURIComponent(file.id))).then((res) => {
        setBusy(page, ctx, remove, false);
        if (!res.ok && res.status !== 404) return report(page, res.problem, board);
        ctx.item.files = (ctx.item.files || []).filter((f) => f.id !== file.id);
        refreshFiles(page, ctx);
        page.announce(t('removed', { name: file.filename }));
        page.sync();
      });
    });
    row.appendChild(remove);
  }
  return row;
}

/** Queues a chosen file; one over the item's size limit is refused before it is sent. */
function enqueue(page: PageContext, ctx: ItemContext, file: File): void {
  const { t, bytes } = page.text;
  const max = ctx.item.constraints?.max_bytes;
  const refusal = max && file.size > max ? t('err_too_large', { size: bytes(max) }) : undefined;
  if (refusal) page.announce(t('upload_failed', { name: file.name }) + ' ' + refusal);
  uploadsOf(page, ctx).add(file, refusal);
}

interface JobRow {
  row: HTMLLIElement;
  progress?: HTMLProgressElement;
  percent?: HTMLSpanElement;
}

/** The item's upload queue, drawn as rows of its upload list. */
function uploadsOf(page: PageContext, ctx: ItemContext): UploadQueue {
  if (ctx.uploads) return ctx.uploads;
  const { t } = page.text;
  const rows = new Map<UploadJob, JobRow>();
  const queue = new UploadQueue(
    page.sendFile(itemPath(ctx, '/files')),
    {
      changed: (job) => drawJob(job),
      progress(job) {
        const drawn = rows.get(job);
        if (!drawn?.progress || !drawn.percent) return;
        drawn.progress.value = job.percent;
        drawn.percent.textContent = job.percent + ' %';
      },
      removed(job) {
        rows.get(job)?.row.remove();
        rows.delete(job);
      },
      uploaded(job, body) {
        const file = ((body as { file?: PortalFile } | null)?.file || body) as PortalFile | null;
        if (file?.id) ctx.item.files = ctx.item.type === 'file_list' ? (ctx.item.files || []).concat([file]) : [file];
        page.announce(t('uploaded', { name: job.file.name }));
        page.sync();
      },
      failed: (job) => page.announce(t('upload_failed', { name: job.file.name }) + ' ' + job.message),
      archived: () => page.becameArchived(),
      settled: () => refreshFiles(page, ctx),
    },
    (problem) => problemText(page.text, problem),
  );
  ctx.uploads = queue;

  function drawJob(job: UploadJob): void {
    const name = job.file.name;
    const drawn: JobRow = {
      row: h('li', { class: 'upload', 'data-state': job.state }, [h('span', { class: 'file-name', text: name })]),
    };
    const row = drawn.row;
    if (job.state === 'queued') row.appendChild(h('span', { class: 'muted', text: t('upload_waiting') }));
    if (job.state === 'uploading') {
      drawn.progress = h('progress', { max: 100, value: 0, 'aria-label': t('uploading', { name }) });
      drawn.percent = h('span', { class: 'muted', text: '0 %' });
      row.append(drawn.progress, drawn.percent);
    }
    if (job.state === 'failed') {
      const dismiss = () => {
        queue.dismiss(job);
        refreshFiles(page, ctx);
        titleOf(ctx)?.focus();
      };
      row.append(
        h('span', { class: 'bad', text: t('upload_failed', { name }) + ' ' + job.message }),
        h('span', { class: 'row-actions' }, [
          job.retryable
            ? h('button', { type: 'button', class: 'button small', onclick: () => queue.retry(job) }, [
                t('retry'),
                hiddenName(name),
              ])
            : null,
          h('button', { type: 'button', class: 'button small', onclick: dismiss }, [t('dismiss'), hiddenName(name)]),
        ]),
      );
    }
    const old = rows.get(job)?.row;
    rows.set(job, drawn);
    if (old?.parentNode) swap(old, row, titleOf(ctx));
    else ctx.uploadList?.appendChild(row);
  }

  return queue;
}
