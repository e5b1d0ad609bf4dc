/**
 * The portal page's browser script: plain JavaScript (ES2020, every evergreen browser), no
 * framework and no build step. It reads the message catalogue the server embedded in the page,
 * takes the slug from the address and talks to the JSON portal API on the same origin.
 *
 * It lives in a String.raw literal so that webpack bundles it with the app and no asset has to be
 * copied. Two rules keep that safe: no template literals (no backticks, no dollar-brace) and no
 * string or comment spanning lines, so `compactScript` may drop indentation and comment lines.
 * Everything from the API reaches the DOM as textContent or attribute values, never as HTML.
 */
const SOURCE = String.raw`(() => {
  'use strict';
  const doc = document;
  const M = JSON.parse(doc.getElementById('messages')?.textContent || '{}');
  const lang = doc.documentElement.lang || 'en';
  const plurals = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const api = '/portal/v1/' + encodeURIComponent(decodeURIComponent(location.pathname.split('/').pop() || ''));
  const app = doc.getElementById('app');
  const live = doc.getElementById('live');
  const FILE_TYPES = ['file', 'file_list', 'image'];
  const page = { view: null, archived: false, byKey: {}, summary: null, pollTimer: 0, polls: 0 };

  // ---------------------------------------------------------------- text

  const has = (key) => Object.prototype.hasOwnProperty.call(M, key);
  function t(key, params = {}) {
    let message = has(key) ? M[key] : key;
    if (message && typeof message === 'object') {
      message = message[plurals.select(typeof params.n === 'number' ? params.n : 0)] || message.other;
    }
    return String(message).replace(/\{(\w+)\}/g, (all, name) => {
      const value = params[name];
      if (value === undefined || value === null) return all;
      return typeof value === 'number' ? numbers.format(value) : String(value);
    });
  }

  // SI units (1 MB = 1,000,000 bytes), as their names say.
  const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'];
  function bytes(size) {
    let value = Number(size) || 0;
    let unit = 0;
    while (value >= 1000 && unit < UNITS.length - 1) {
      value /= 1000;
      unit += 1;
    }
    const digits = { maximumFractionDigits: unit === 0 ? 0 : 1 };
    try {
      return new Intl.NumberFormat(lang, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', ...digits }).format(value);
    } catch {
      return new Intl.NumberFormat(lang, digits).format(value) + ' ' + ['B', 'KB', 'MB', 'GB'][unit];
    }
  }

  function calendarDay(iso) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || '');
    if (!m) return String(iso || '');
    const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  }

  function moment(iso) {
    const date = new Date(iso);
    return isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }

  function either(values) {
    try {
      return new Intl.ListFormat(lang, { type: 'disjunction' }).format(values);
    } catch {
      return values.join(', ');
    }
  }

  // ----------------------------------------------------------------- DOM

  function h(tag, attrs, children) {
    const el = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === 'text') el.textContent = String(value);
      else if (name === 'class') el.className = value;
      else if (name === 'value') el.value = String(value);
      else if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
      else el.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children || []) {
      if (child !== null && child !== undefined && child !== false) {
        el.appendChild(typeof child === 'string' ? doc.createTextNode(child) : child);
      }
    }
    return el;
  }

  const ids = (...list) => list.filter(Boolean).join(' ') || null;
  const required = (on) => (on ? h('span', { class: 'muted', text: ' ' + t('field_required') }) : null);
  const hiddenName = (name) => h('span', { class: 'visually-hidden', text: ' ' + name });

  // Replaces a block and keeps keyboard focus on the control with the same id (or on the fallback).
  function swap(oldEl, newEl, fallback) {
    const active = doc.activeElement;
    const hadFocus = !!(oldEl && active && oldEl.contains(active));
    if (oldEl?.parentNode) oldEl.parentNode.replaceChild(newEl, oldEl);
    if (!hadFocus) return;
    const target = active.id ? doc.getElementById(active.id) : null;
    if (target && !target.disabled) target.focus();
    else fallback?.focus();
  }

  let announceTimer = 0;
  function announce(text) {
    if (!text) return;
    clearTimeout(announceTimer);
    live.textContent = '';
    announceTimer = setTimeout(() => (live.textContent = text), 60);
  }

  // ----------------------------------------------------------------- API

  function answer(status, text) {
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const ok = status >= 200 && status < 300;
    return { ok, status, body, problem: ok ? null : problemOf(status, body) };
  }

  // The error envelope, flat ({error: code, message}) or nested ({error: {code, message}}).
  function problemOf(status, body) {
    let e = body && typeof body === 'object' ? body : {};
    if (e.error && typeof e.error === 'object') e = e.error;
    return {
      status,
      code: typeof e.code === 'string' ? e.code : typeof e.error === 'string' ? e.error : '',
      reason: typeof e.reason === 'string' ? e.reason : '',
      message: typeof e.message === 'string' ? e.message : '',
      details: Array.isArray(e.details) ? e.details : [],
      params: e.params && typeof e.params === 'object' ? e.params : {},
    };
  }

  function call(method, path, body) {
    const init = { method, headers: { accept: 'application/json' }, credentials: 'omit', cache: 'no-store' };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(api + path, init).then(
      (response) => response.text().then((text) => answer(response.status, text), () => answer(0, '')),
      () => answer(0, ''),
    );
  }

  const itemPath = (ctx, rest) => '/items/' + encodeURIComponent(ctx.item.key) + (rest || '');

  // Server messages are English; the common ones are shown in the client's language.
  const DETAIL_MESSAGES = [
    [/^is required$|^must not be blank$/, 'err_required'],
    [/^must be an e-mail address$/, 'err_email'],
    [/^must be an absolute http or https URL$/, 'err_url'],
    [/^must not contain a user name or password$/, 'err_url_credentials'],
    [/^must be a number$/, 'err_number'],
    [/^must be an integer$/, 'err_integer'],
    [/^must be a single line$/, 'err_single_line'],
    [/^does not match the required pattern$/, 'err_pattern'],
    [/^must be a date in YYYY-MM-DD form$|^is not a real calendar date$/, 'err_date'],
    [/^must not be longer than (\d+) characters$/, 'err_too_long'],
    [/^must contain at least (\d+) choices?$/, 'err_min_choices'],
    [/^must contain at most (\d+) choices?$/, 'err_max_choices'],
    [/^must contain at least (\d+) files?$/, 'err_min_files'],
    [/^must contain at most (\d+) files?$/, 'err_max_files'],
    [/^must contain exactly one file$/, 'err_one_file'],
    [/^must be one of the options$/, 'err_option'],
    [/^must be one of (.+)$/, 'err_one_of'],
    [/^must not be larger than (\d+) bytes$|^is larger than (\d+) bytes$/, 'err_too_large'],
    [/^must be at least (\d+) pixels$/, 'err_too_narrow'],
    [/^must have a transparent background$/, 'err_transparent'],
    [/^must be an image$/, 'err_not_image'],
    [/^must not be empty$/, 'err_empty_file'],
    [/^could not be measured$/, 'err_unmeasured'],
    [/^failed the virus scan/, 'err_infected'],
    [/^cannot be added: the item takes at most (\d+) files$/, 'err_max_files'],
  ];

  function explain(message) {
    const text = String(message || '');
    for (const [pattern, key] of DETAIL_MESSAGES) {
      const m = pattern.exec(text);
      if (!m) continue;
      if (key === 'err_too_large') return t(key, { size: bytes(Number(m[1] || m[2])) });
      return t(key, { n: Number(m[1]), list: m[1] });
    }
    return text;
  }

  function problemText(problem) {
    const { status, reason, params, details } = problem;
    if (status === 0) return t('error_network');
    if (reason === 'intake_archived') return t('archived_notice');
    if (reason === 'file.too_large' && params.max_bytes) return t('err_too_large', { size: bytes(params.max_bytes) });
    if (reason === 'item_approved' || reason === 'item_waived') return t('err_' + reason);
    if (reason === 'storage') return t('err_storage');
    if (status === 404) return t('error_gone');
    if (status === 429) return t('error_busy');
    if (status >= 500) return t('error_server');
    if (details.length) return details.map((d) => explain(d.message)).join(' ');
    return problem.message || t('error_generic');
  }

  // ---------------------------------------------------------------- page

  function load() {
    app.setAttribute('aria-busy', 'true');
    call('GET', '').then((res) => {
      app.removeAttribute('aria-busy');
      if (res.ok && res.body) return renderPage(res.body);
      app.replaceChildren(
        res.status === 404
          ? h('div', { class: 'card' }, [h('h1', { text: t('not_found_title') }), h('p', { text: t('not_found_text') })])
          : h('div', { class: 'notice error', role: 'alert' }, [
              h('p', { text: t('load_failed') + ' ' + problemText(res.problem) }),
              h('button', { type: 'button', class: 'button', onclick: load, text: t('try_again') }),
            ]),
      );
    });
  }

  function renderPage(view) {
    page.view = view;
    page.archived = view.status === 'archived';
    page.byKey = {};
    doc.title = t('page_title', { project: view.project_name });
    page.summary = renderSummary(view);
    const section = h('section', { class: 'items', 'aria-labelledby': 'items-title' }, [
      h('h2', { id: 'items-title', text: t('items_heading') }),
      view.items.length ? null : h('p', { class: 'card', text: t('no_items') }),
    ]);
    for (const item of view.items) {
      const ctx = { item, el: null, uploads: [], uploadList: null, fileBox: null, flash: '', busy: false };
      page.byKey[item.key] = ctx;
      section.appendChild(renderItem(ctx));
    }
    app.replaceChildren(...[page.summary, renderBrief(view), section].filter(Boolean));
    schedulePoll();
  }

  function renderSummary(view) {
    const p = view.progress;
    return h('header', { class: 'summary' }, [
      h('p', { class: 'eyebrow', text: t('portal_name') }),
      h('h1', { text: view.project_name }),
      h('p', { text: view.client_name ? t('greeting', { name: view.client_name }) : t('greeting_anonymous') }),
      view.due_date ? h('p', { class: 'due', text: t('due', { date: calendarDay(view.due_date) }) }) : null,
      p && p.total > 0
        ? h('div', { class: 'progress' }, [
            h('label', { for: 'progress', text: t('progress', { n: p.total, done: p.submitted, total: p.total }) }),
            h('progress', { id: 'progress', max: p.total, value: p.submitted }),
          ])
        : null,
      view.status === 'completed'
        ? h('div', { class: 'notice success', id: 'done' }, [h('h2', { text: t('done_title') }), h('p', { text: t('done_text') })])
        : null,
      page.archived ? h('p', { class: 'notice', id: 'archived', text: t('archived_notice') }) : null,
    ]);
  }

  // Only relative or http(s) links: never javascript: or data: from a response.
  const safeUrl = (url) => typeof url === 'string' && (/^\/(?![\/\\])/.test(url) || /^https?:\/\//i.test(url));

  function renderBrief(view) {
    const files = (view.brief_files || []).filter((file) => file && safeUrl(file.url));
    if (!view.client_brief && !files.length) return null;
    return h('section', { class: 'brief card', 'aria-labelledby': 'brief-title' }, [
      h('h2', { id: 'brief-title', text: t('brief_heading') }),
      view.client_brief ? h('p', { class: 'text', text: view.client_brief }) : null,
      files.length ? h('h3', { text: t('brief_files') }) : null,
      files.length
        ? h('ul', { class: 'file-list' }, files.map((file) => h('li', null, [
            h('a', { href: file.url, rel: 'noopener noreferrer', class: 'file-name', text: file.filename || t('download') }),
            h('span', { class: 'muted', text: bytes(file.size) }),
          ])))
        : null,
    ]);
  }

  // After an action on one item: a fresh summary and that item; the other items keep what is typed in them.
  function applyView(view, key, flash) {
    const wasCompleted = page.view?.status === 'completed';
    if (view.status === 'archived' && !page.archived) {
      renderPage(view);
      return announce(t('archived_notice'));
    }
    page.view = view;
    const summary = renderSummary(view);
    swap(page.summary, summary);
    page.summary = summary;
    const ctx = page.byKey[key];
    const item = view.items.find((i) => i.key === key);
    if (ctx && item) {
      ctx.item = item;
      ctx.flash = flash || '';
      renderItem(ctx);
      ctx.flash = '';
    }
    announce(view.status === 'completed' && !wasCompleted ? t('done_title') + ' ' + t('done_text') : flash);
    schedulePoll();
  }

  // A write was refused because the intake was archived meanwhile: show everything read-only.
  function becameArchived() {
    call('GET', '').then((res) => {
      renderPage(res.ok && res.body ? res.body : { ...page.view, status: 'archived' });
      announce(t('archived_notice'));
    });
  }

  // --------------------------------------------------------------- items

  const idOf = (ctx, part) => 'i-' + ctx.item.key + (part ? '-' + part : '');
  const titleOf = (ctx) => doc.getElementById(idOf(ctx, 'title'));
  const isFileItem = (item) => FILE_TYPES.includes(item.type);
  const readOnly = (ctx) => page.archived || ctx.item.status === 'approved' || ctx.item.status === 'waived';

  function hintsOf(item) {
    const c = item.constraints || {};
    const hints = [];
    if (c.formats?.length) hints.push(t('hint_formats', { list: either(c.formats.map((f) => String(f).toUpperCase())) }));
    if (c.max_bytes) hints.push(t('hint_max_bytes', { size: bytes(c.max_bytes) }));
    if (c.min_width) hints.push(t('hint_min_width', { n: c.min_width }));
    if (c.transparent_background) hints.push(t('hint_transparent'));
    if (item.type === 'file_list' || item.type === 'multiselect') {
      const unit = item.type === 'file_list' ? 'hint_files_' : 'hint_choices_';
      const { min_count: min, max_count: max } = c;
      if (min && max) hints.push(min === max ? t(unit + 'exact', { n: min }) : t(unit + 'range', { min, max, n: max }));
      else if (min) hints.push(t(unit + 'min', { n: min }));
      else if (max) hints.push(t(unit + 'max', { n: max }));
    }
    if (item.type === 'secret') hints.push(item.answered ? t('secret_provided') : t('secret_hint'));
    return hints;
  }

  function renderItem(ctx) {
    const item = ctx.item;
    const ro = readOnly(ctx);
    const hints = hintsOf(item);
    const revision = item.status === 'needs_revision' && item.revision_note;
    const helpId = item.help ? idOf(ctx, 'help') : '';
    const hintsId = hints.length ? idOf(ctx, 'hints') : '';
    const revisionId = revision ? idOf(ctx, 'revision') : '';
    ctx.describedBy = ids(helpId, hintsId, revisionId);
    ctx.fileBox = null;
    const answerBlock = isFileItem(item) ? fileBlock(ctx, ro) : valueForm(ctx, ro);
    const title = h('h3', { id: idOf(ctx, 'title'), tabindex: '-1' }, [
      answerBlock.labelFor ? h('label', { for: answerBlock.labelFor, text: item.label }) : item.label,
    ]);
    const el = h('section', { class: 'item card', 'data-item-key': item.key, 'data-status': item.status, 'aria-labelledby': title.id }, [
      h('div', { class: 'item-head' }, [
        title,
        h('span', { class: 'badge badge-' + item.status, text: has('status_' + item.status) ? t('status_' + item.status) : item.status }),
      ]),
      h('p', { class: 'muted small', text: item.required ? t('required') : t('optional') }),
      helpId ? h('p', { id: helpId, class: 'text', text: item.help }) : null,
      hintsId ? h('ul', { id: hintsId, class: 'hints' }, hints.map((hint) => h('li', { text: hint }))) : null,
      revision
        ? h('div', { id: revisionId, class: 'notice warn' }, [
            h('strong', { text: t('revision_note') }),
            h('p', { class: 'text', text: item.revision_note }),
          ])
        : null,
      item.submitted_at && item.status !== 'pending'
        ? h('p', { class: 'muted small', text: t('sent_at', { date: moment(item.submitted_at) }) })
        : null,
      ctx.flash ? h('p', { class: 'flash', text: ctx.flash }) : null,
      answerBlock.node,
      waiverBlock(ctx, ro),
      noteBlock(ctx),
    ]);
    const old = ctx.el;
    ctx.el = el;
    if (old) swap(old, el, title);
    return el;
  }

  function setBusy(ctx, button, busy) {
    ctx.busy = busy;
    button.disabled = busy;
    if (busy) {
      button.setAttribute('aria-busy', 'true');
      button.dataset.label = button.textContent;
      button.textContent = t('sending');
    } else {
      button.removeAttribute('aria-busy');
      if (button.dataset.label) button.textContent = button.dataset.label;
    }
  }

  // Sends one request for an item with its button busy meanwhile; a fresh view goes on the page.
  function act(ctx, button, board, method, path, body, flash, detailText) {
    if (ctx.busy) return;
    board.clear();
    setBusy(ctx, button, true);
    call(method, itemPath(ctx, path), body).then((res) => {
      setBusy(ctx, button, false);
      if (res.ok && res.body) applyView(res.body, ctx.item.key, flash);
      else if (res.ok) load();
      else report(res.problem, board, detailText);
    });
  }

  function parentPath(path) {
    const parent = path.replace(/(\.[^.[\]]+|\[[^\]]*\])$/, '');
    return parent === path ? '' : parent;
  }

  // The errors of one form, each next to the field its path names (value, value.name, value[2]).
  function errorBoard(general) {
    const fields = {};
    return {
      add(path, control, errorEl) {
        fields[path] = { control, errorEl: errorEl || general };
      },
      clear() {
        for (const field of Object.values(fields).concat([{ errorEl: general }])) {
          field.errorEl.hidden = true;
          field.errorEl.textContent = '';
          field.control?.removeAttribute('aria-invalid');
        }
      },
      show(entries) {
        let first = null;
        for (const entry of entries) {
          let path = entry.path || '';
          while (path && !fields[path]) path = parentPath(path);
          const target = fields[path] || { control: null, errorEl: general };
          const el = target.errorEl;
          el.textContent = (el.textContent ? el.textContent + ' ' : '') + entry.text;
          el.hidden = false;
          target.control?.setAttribute('aria-invalid', 'true');
          first = first || target.control;
        }
        first?.focus();
      },
    };
  }

  // A refused write: archived → the read-only page; 422 details → next to their fields; else one message.
  function report(problem, board, detailText) {
    if (problem.reason === 'intake_archived') return becameArchived();
    const entries = problem.status === 422 && problem.details.length
      ? problem.details.map((d) => ({ path: d.path, text: detailText ? detailText(d) : explain(d.message) }))
      : [{ path: '', text: problemText(problem) }];
    board.show(entries);
    announce(t('fix_errors') + ' ' + entries.map((e) => e.text).join(' '));
  }

  // ------------------------------------------------------- value answers

  function valueForm(ctx, ro) {
    const item = ctx.item;
    const general = h('p', { id: idOf(ctx, 'error'), class: 'field-error', hidden: true });
    const board = errorBoard(general);
    const field = buildField(ctx, ro, ids(ctx.describedBy, general.id), board);
    const form = h('form', { class: 'answer', novalidate: true }, [field.node, general]);
    if (!ro) {
      const button = h('button', {
        type: 'submit',
        id: idOf(ctx, 'send'),
        class: 'button primary',
        text: item.status === 'pending' ? t('send') : t('send_again'),
      });
      form.appendChild(h('div', { class: 'actions' }, [button]));
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        if (ctx.busy) return;
        board.clear();
        const local = [];
        const value = field.get(local);
        if (local.length) {
          board.show(local);
          return announce(t('fix_errors') + ' ' + local.map((e) => e.text).join(' '));
        }
        act(ctx, button, board, 'PUT', '', { value }, t('saved', { label: item.label }));
      });
    }
    return { node: form, labelFor: field.labelFor };
  }

  function buildField(ctx, ro, describedBy, board) {
    const item = ctx.item;
    if (item.type === 'select' || item.type === 'multiselect' || item.type === 'boolean') {
      return choiceField(ctx, ro, describedBy, board);
    }
    if (item.type === 'structured') {
      const node = schemaNode(item.schema || { type: 'object' }, item.value, 'value', {
        base: idOf(ctx, 's'),
        counter: { n: 0 },
        ro,
        board,
        top: true,
        labelledBy: idOf(ctx, 'title'),
        describedBy,
      });
      return {
        node: h('div', { class: 'structured' }, [node.node]),
        labelFor: node.labelFor,
        get(errors) {
          const value = node.get(errors);
          if ((value === null || value === undefined) && !errors.length) errors.push({ path: 'value', text: t('err_required') });
          return value;
        },
      };
    }
    return textField(ctx, ro, describedBy, board);
  }

  const INPUT_TYPES = { secret: 'password', email: 'email', url: 'url', number: 'number', date: 'date' };

  function textField(ctx, ro, describedBy, board) {
    const item = ctx.item;
    const type = item.type;
    const id = idOf(ctx, 'value');
    const maxChars = item.constraints?.max_chars;
    const counter = maxChars && !ro && ['text', 'longtext', 'secret'].includes(type)
      ? h('p', { id: idOf(ctx, 'count'), class: 'counter muted small' })
      : null;
    const value = item.value === null || item.value === undefined || type === 'secret' ? '' : String(item.value);
    const attrs = {
      id,
      name: item.key,
      value,
      disabled: ro,
      required: item.required && !ro,
      'aria-describedby': ids(describedBy, counter?.id),
    };
    const control = type === 'longtext'
      ? h('textarea', { ...attrs, rows: 6 })
      : h('input', {
          type: INPUT_TYPES[type] || 'text',
          ...attrs,
          autocomplete: type === 'secret' ? 'new-password' : 'off',
          inputmode: { email: 'email', url: 'url', number: 'decimal' }[type],
          step: type === 'number' ? 'any' : null,
          placeholder: type === 'url' ? 'https://' : null,
          spellcheck: ['email', 'url', 'secret'].includes(type) ? 'false' : null,
        });
    let nodes = [control];
    if (type === 'secret' && !ro) {
      const toggle = h('button', { type: 'button', class: 'button small', 'aria-pressed': 'false', 'aria-controls': id, text: t('show') });
      toggle.addEventListener('click', () => {
        const shown = control.type === 'text';
        control.type = shown ? 'password' : 'text';
        toggle.setAttribute('aria-pressed', String(!shown));
        toggle.textContent = shown ? t('show') : t('hide');
      });
      nodes = [h('div', { class: 'with-button' }, [control, toggle])];
    }
    if (counter) {
      const update = () => {
        const left = maxChars - Array.from(control.value).length;
        counter.textContent = left >= 0 ? t('chars_left', { n: left }) : t('chars_over', { n: -left });
        counter.classList.toggle('bad', left < 0);
      };
      control.addEventListener('input', update);
      update();
      nodes.push(counter);
    }
    board.add('value', control);
    return {
      node: h('div', { class: 'field' }, nodes),
      labelFor: id,
      get(errors) {
        let raw = ['email', 'url', 'date', 'number'].includes(type) ? control.value.trim() : control.value;
        if (raw.trim() === '') {
          errors.push({ path: 'value', text: t(type === 'number' ? 'err_number' : 'err_required') });
          return null;
        }
        if (type === 'number') {
          if (!isFinite(Number(raw))) errors.push({ path: 'value', text: t('err_number') });
          return Number(raw);
        }
        if (type === 'url' && !/^[a-z][a-z0-9+.-]*:/i.test(raw)) control.value = raw = 'https://' + raw;
        return raw;
      },
    };
  }

  function choiceGroup(base, kind, options, labelOf, isChecked, ro, labelledBy, describedBy) {
    const node = h('div', { class: 'choices', role: kind === 'radio' ? 'radiogroup' : 'group', 'aria-labelledby': labelledBy, 'aria-describedby': describedBy });
    const inputs = options.map((option, index) => {
      const input = h('input', { type: kind, id: base + '-' + index, name: base, value: String(index), checked: !!isChecked(option), disabled: ro });
      node.appendChild(h('div', { class: 'choice' }, [input, h('label', { for: input.id, text: labelOf(option) })]));
      return input;
    });
    return { node, inputs, chosen: () => options.filter((option, index) => inputs[index].checked) };
  }

  // boolean (yes/no radios), select (radios, or a drop-down for many options) and multiselect (checkboxes).
  function choiceField(ctx, ro, describedBy, board) {
    const item = ctx.item;
    const id = idOf(ctx, 'value');
    const multiple = item.type === 'multiselect';
    const options = item.type === 'boolean' ? [true, false] : item.options || [];
    const labelOf = (o) => (o === true ? t('yes') : o === false ? t('no') : String(o));
    if (item.type === 'select' && options.length > 6) {
      const select = h('select', { id, name: item.key, disabled: ro, required: item.required && !ro, 'aria-describedby': describedBy }, [
        h('option', { value: '', text: t('choose') }),
        ...options.map((option, index) => h('option', { value: String(index), text: option, selected: option === item.value })),
      ]);
      board.add('value', select);
      return {
        node: h('div', { class: 'field' }, [select]),
        labelFor: id,
        get(errors) {
          if (select.value === '') errors.push({ path: 'value', text: t('err_choose') });
          return select.value === '' ? null : options[Number(select.value)];
        },
      };
    }
    const chosen = multiple ? (Array.isArray(item.value) ? item.value : []) : [item.value];
    const group = choiceGroup(id, multiple ? 'checkbox' : 'radio', options, labelOf, (o) => chosen.includes(o), ro, idOf(ctx, 'title'), describedBy);
    if (!multiple && item.required && !ro) group.node.setAttribute('aria-required', 'true');
    board.add('value', group.inputs[0]);
    return {
      node: group.node,
      get(errors) {
        const values = group.chosen();
        if (!values.length) errors.push({ path: 'value', text: t('err_choose') });
        return multiple ? values : values.length ? values[0] : null;
      },
    };
  }

  // --------------------------------------------------- structured answers

  const fieldPath = (path, name) => (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(name) ? path + '.' + name : path + '[' + JSON.stringify(name) + ']');
  const humanize = (name) => {
    const text = String(name).replace(/[_-]+/g, ' ').trim();
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  const isEmpty = (v) => v === null || v === undefined;

  // One node of a structured item's schema as form controls; get() gives its value, null when left empty.
  // o: {base, counter, ro, board, top, label, required, keep, labelledBy, describedBy}
  function schemaNode(schema, value, path, o) {
    o.counter.n += 1;
    const id = o.base + '-' + o.counter.n;
    const type = schema.type;
    const errorEl = h('p', { id: id + '-error', class: 'field-error', hidden: true });
    const descId = schema.description && !o.top ? id + '-desc' : null;
    const desc = descId ? h('p', { id: descId, class: 'muted small', text: schema.description }) : null;
    const describedBy = ids(o.top ? o.describedBy : null, descId, errorEl.id);
    const label = (forId) => (o.top ? null : h('label', { for: forId }, [o.label, required(o.required)]));
    const field = (control, nodes) => {
      o.board.add(path, control, errorEl);
      return h('div', { class: 'field' }, nodes.concat([errorEl]));
    };
    const child = (childSchema, childValue, childPath, extra) =>
      schemaNode(childSchema, childValue, childPath, { base: o.base, counter: o.counter, ro: o.ro, board: o.board, top: false, ...extra });

    if (type === 'object' && schema.properties) {
      const current = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
      const children = Object.keys(schema.properties).map((name) => ({
        name,
        node: child(schema.properties[name], current[name], fieldPath(path, name), {
          label: humanize(name),
          required: (schema.required || []).includes(name),
        }),
      }));
      const box = o.top
        ? h('div', { class: 'fields', role: 'group', 'aria-labelledby': o.labelledBy, 'aria-describedby': describedBy })
        : h('fieldset', { class: 'fields', 'aria-describedby': describedBy }, [h('legend', null, [o.label, required(o.required)]), desc]);
      for (const c of children) box.appendChild(c.node.node);
      box.appendChild(errorEl);
      o.board.add(path, null, errorEl);
      return {
        node: box,
        get(errors) {
          const result = {};
          for (const c of children) result[c.name] = c.node.get(errors) ?? null;
          const anything = children.some((c) => !isEmpty(result[c.name]));
          return anything || o.top || o.required || o.keep ? result : null;
        },
      };
    }

    if (type === 'array' && schema.items?.enum) {
      const current = Array.isArray(value) ? value : [];
      const labelId = o.top ? o.labelledBy : id + '-label';
      const group = choiceGroup(id, 'checkbox', schema.items.enum, String, (v) => current.includes(v), o.ro, labelId, describedBy);
      return {
        node: field(group.inputs[0], [o.top ? null : h('p', { id: labelId, class: 'label' }, [o.label, required(o.required)]), desc, group.node]),
        get: () => (group.chosen().length ? group.chosen() : null),
      };
    }

    if (type === 'array' && ['string', 'number', 'integer'].includes(schema.items?.type)) {
      const numeric = schema.items.type !== 'string';
      const area = h('textarea', {
        id,
        rows: 4,
        disabled: o.ro,
        value: Array.isArray(value) ? value.join('\n') : '',
        'aria-describedby': ids(describedBy, id + '-lines'),
      });
      return {
        node: field(area, [label(id), desc, h('p', { id: id + '-lines', class: 'muted small', text: t('one_per_line') }), area]),
        labelFor: id,
        get(errors) {
          const entries = area.value.split('\n').map((line) => line.trim()).filter(Boolean);
          if (!entries.length) return null;
          if (!numeric) return entries;
          return entries.map((entry) => {
            const n = Number(entry);
            if (!isFinite(n) || (schema.items.type === 'integer' && !Number.isInteger(n))) {
              errors.push({ path, text: t(schema.items.type === 'integer' ? 'err_integer' : 'err_number') });
            }
            return n;
          });
        },
      };
    }

    if (type === 'array' && schema.items) return repeatingNode(schema, value, path, o, id, desc, errorEl, child);

    if (type === 'boolean') {
      const box = h('input', { type: 'checkbox', id, disabled: o.ro, checked: value === true, 'aria-describedby': describedBy });
      return { node: field(box, [h('div', { class: 'choice' }, [box, label(id)]), desc]), labelFor: id, get: () => box.checked };
    }

    if (['string', 'number', 'integer'].includes(type) && schema.enum) {
      const select = h('select', { id, disabled: o.ro, 'aria-describedby': describedBy }, [
        h('option', { value: '', text: t('choose') }),
        ...schema.enum.map((option, index) => h('option', { value: String(index), text: String(option), selected: option === value })),
      ]);
      return {
        node: field(select, [label(id), desc, select]),
        labelFor: id,
        get: () => (select.value === '' ? null : schema.enum[Number(select.value)]),
      };
    }

    if (['string', 'number', 'integer'].includes(type)) {
      const numeric = type !== 'string';
      const input = h('input', {
        id,
        type: numeric ? 'number' : 'text',
        step: type === 'integer' ? '1' : numeric ? 'any' : null,
        inputmode: type === 'integer' ? 'numeric' : numeric ? 'decimal' : null,
        disabled: o.ro,
        value: isEmpty(value) ? '' : String(value),
        'aria-describedby': describedBy,
        'aria-required': o.required ? 'true' : null,
      });
      return {
        node: field(input, [label(id), desc, input]),
        labelFor: id,
        get(errors) {
          const raw = input.value;
          if (raw.trim() === '') return null;
          if (!numeric) return raw;
          const n = Number(raw);
          if (!isFinite(n) || (type === 'integer' && !Number.isInteger(n))) {
            errors.push({ path, text: t(type === 'integer' ? 'err_integer' : 'err_number') });
          }
          return n;
        },
      };
    }

    // An object without properties or an array without items: free-form JSON.
    const json = h('textarea', {
      id,
      rows: 4,
      disabled: o.ro,
      spellcheck: 'false',
      value: isEmpty(value) ? '' : JSON.stringify(value, null, 2),
      'aria-describedby': ids(describedBy, id + '-json'),
    });
    return {
      node: field(json, [label(id), desc, h('p', { id: id + '-json', class: 'muted small', text: t('json_hint') }), json]),
      labelFor: id,
      get(errors) {
        if (json.value.trim() === '') return null;
        try {
          return JSON.parse(json.value);
        } catch {
          errors.push({ path, text: t('err_json') });
          return null;
        }
      },
    };
  }

  // An array of objects (or of arrays): a group of fields per entry, with add and remove buttons.
  function repeatingNode(schema, value, path, o, id, desc, errorEl, child) {
    let rows = [];
    const list = h('div', { class: 'rows' });
    const box = h('fieldset', { class: 'fields', id }, [
      o.top ? null : h('legend', null, [o.label, required(o.required)]),
      desc,
      list,
    ]);
    o.board.add(path, null, errorEl);
    // Rows are rebuilt after a removal so that row n is always value[n] in the server's error paths.
    const build = (values) => {
      rows = values.map((rowValue, index) => {
        const node = child(schema.items, rowValue, path + '[' + index + ']', { label: t('entry', { n: index + 1 }), keep: true });
        const el = h('div', { class: 'row' }, [node.node]);
        if (!o.ro) {
          el.appendChild(h('button', { type: 'button', class: 'button small', onclick: () => remove(index) }, [t('remove'), hiddenName(t('entry', { n: index + 1 }))]));
        }
        return { node, el };
      });
      list.replaceChildren(...rows.map((row) => row.el));
    };
    const remove = (index) => {
      const values = rows.map((row) => row.node.get([]));
      values.splice(index, 1);
      build(values);
      add.focus();
    };
    const add = h('button', {
      type: 'button',
      class: 'button small',
      text: t('add_entry'),
      onclick: () => {
        build(rows.map((row) => row.node.get([])).concat([undefined]));
        rows[rows.length - 1].el.querySelector('input, select, textarea')?.focus();
      },
    });
    build(Array.isArray(value) ? value : []);
    if (!o.ro) box.appendChild(add);
    box.appendChild(errorEl);
    return {
      node: box,
      get(errors) {
        const values = rows.map((row) => row.node.get(errors));
        return values.length ? values : null;
      },
    };
  }

  // --------------------------------------------------------------- files

  const FORMAT_ALIASES = { jpg: ['jpeg'], jpeg: ['jpg'], tif: ['tiff'], tiff: ['tif'], heic: ['heif'], heif: ['heic'] };

  function acceptOf(item) {
    const formats = item.constraints?.formats || [];
    if (!formats.length) return item.type === 'image' ? 'image/*' : null;
    const all = formats.flatMap((f) => [f].concat(FORMAT_ALIASES[f] || [])).map((f) => '.' + f);
    return Array.from(new Set(all)).join(',');
  }

  const working = (ctx) => ctx.uploads.some((job) => job.state === 'queued' || job.state === 'uploading');

  function fileBlock(ctx, ro) {
    const item = ctx.item;
    const files = item.files || [];
    const multiple = item.type === 'file_list';
    const general = h('p', { id: idOf(ctx, 'files-error'), class: 'field-error', hidden: true });
    const board = errorBoard(general);
    ctx.uploadList = ctx.uploadList || h('ul', { class: 'uploads', 'aria-label': t('uploads_label') });
    const box = h('div', { class: 'files' }, [
      files.length
        ? h('ul', { class: 'file-list', 'aria-label': t('your_files') }, files.map((file) => fileRow(ctx, file, ro, board)))
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
          chosen.forEach((file) => enqueue(ctx, file));
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
        act(ctx, submit, board, 'POST', '/submit', undefined, t('saved', { label: item.label }), (detail) => {
          const m = /^files\[(\d+)\]/.exec(detail.path || '');
          const file = m && files[Number(m[1])];
          return (file ? file.filename + ': ' : '') + explain(detail.message);
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

  const refreshFiles = (ctx) => ctx.fileBox && fileBlock(ctx, readOnly(ctx));

  function fileRow(ctx, file, ro, board) {
    const av = file.av_status || 'clean';
    const row = h('li', { class: 'file', 'data-file-id': file.id, 'data-av-status': av }, [
      h('span', { class: 'file-name', text: file.filename }),
      h('span', { class: 'muted', text: bytes(file.size) }),
      h('span', { class: av === 'infected' ? 'bad' : 'muted', text: has('av_' + av) ? t('av_' + av) : av }),
    ]);
    if (!ro) {
      const remove = h('button', { type: 'button', class: 'button small', id: idOf(ctx, 'rm-' + file.id) }, [t('remove'), hiddenName(file.filename)]);
      remove.addEventListener('click', () => {
        if (ctx.busy) return;
        setBusy(ctx, remove, true);
        call('DELETE', itemPath(ctx, '/files/' + encodeURIComponent(file.id))).then((res) => {
          setBusy(ctx, remove, false);
          if (!res.ok && res.status !== 404) return report(res.problem, board);
          ctx.item.files = (ctx.item.files || []).filter((f) => f.id !== file.id);
          refreshFiles(ctx);
          announce(t('removed', { name: file.filename }));
          sync();
        });
      });
      row.appendChild(remove);
    }
    return row;
  }

  function enqueue(ctx, file) {
    const job = { file, state: 'queued', row: null, progress: null, percent: null, message: '', retry: false };
    const max = ctx.item.constraints?.max_bytes;
    if (max && file.size > max) {
      job.state = 'failed';
      job.message = t('err_too_large', { size: bytes(max) });
      announce(t('upload_failed', { name: file.name }) + ' ' + job.message);
    }
    ctx.uploads.push(job);
    drawJob(ctx, job);
    pump(ctx);
  }

  // One upload at a time per item; the rest wait their turn.
  function pump(ctx) {
    const next = ctx.uploads.find((job) => job.state === 'queued');
    if (next && !ctx.uploads.some((job) => job.state === 'uploading')) upload(ctx, next);
    refreshFiles(ctx);
  }

  function dropJob(ctx, job) {
    ctx.uploads.splice(ctx.uploads.indexOf(job), 1);
    job.row?.remove();
  }

  function drawJob(ctx, job) {
    const name = job.file.name;
    const row = h('li', { class: 'upload', 'data-state': job.state }, [h('span', { class: 'file-name', text: name })]);
    if (job.state === 'queued') row.appendChild(h('span', { class: 'muted', text: t('upload_waiting') }));
    if (job.state === 'uploading') {
      job.progress = h('progress', { max: 100, value: 0, 'aria-label': t('uploading', { name }) });
      job.percent = h('span', { class: 'muted', text: '0 %' });
      row.append(job.progress, job.percent);
    }
    if (job.state === 'failed') {
      const retry = () => {
        job.state = 'queued';
        drawJob(ctx, job);
        pump(ctx);
      };
      const dismiss = () => {
        dropJob(ctx, job);
        refreshFiles(ctx);
        titleOf(ctx)?.focus();
      };
      row.append(
        h('span', { class: 'bad', text: t('upload_failed', { name }) + ' ' + job.message }),
        h('span', { class: 'row-actions' }, [
          job.retry ? h('button', { type: 'button', class: 'button small', onclick: retry }, [t('retry'), hiddenName(name)]) : null,
          h('button', { type: 'button', class: 'button small', onclick: dismiss }, [t('dismiss'), hiddenName(name)]),
        ]),
      );
    }
    const old = job.row;
    job.row = row;
    if (old?.parentNode) swap(old, row, titleOf(ctx));
    else ctx.uploadList.appendChild(row);
  }

  // XMLHttpRequest rather than fetch: only it reports upload progress.
  function upload(ctx, job) {
    job.state = 'uploading';
    drawJob(ctx, job);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api + itemPath(ctx, '/files'));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable || !job.progress) return;
      const percent = Math.floor((event.loaded * 100) / event.total);
      job.progress.value = percent;
      job.percent.textContent = percent + ' %';
    });
    const done = (res) => {
      if (res.ok) {
        dropJob(ctx, job);
        const file = res.body?.file || res.body;
        if (file?.id) ctx.item.files = ctx.item.type === 'file_list' ? (ctx.item.files || []).concat([file]) : [file];
        announce(t('uploaded', { name: job.file.name }));
        sync();
      } else if (res.problem.reason === 'intake_archived') {
        ctx.uploads.length = 0;
        return becameArchived();
      } else {
        job.state = 'failed';
        job.retry = res.status === 0 || res.status >= 500;
        job.message = problemText(res.problem);
        drawJob(ctx, job);
        announce(t('upload_failed', { name: job.file.name }) + ' ' + job.message);
      }
      pump(ctx);
    };
    xhr.addEventListener('load', () => done(answer(xhr.status, xhr.responseText)));
    xhr.addEventListener('error', () => done(answer(0, '')));
    xhr.addEventListener('timeout', () => done(answer(0, '')));
    const form = new FormData();
    form.append('file', job.file, job.file.name);
    xhr.send(form);
  }

  // While a file is being checked for viruses, look again now and then.
  function schedulePoll() {
    if (page.pollTimer || page.archived) return;
    const pending = Object.values(page.byKey).some((ctx) => (ctx.item.files || []).some((f) => f.av_status === 'pending'));
    if (!pending) page.polls = 0;
    else if (page.polls < 40) page.pollTimer = setTimeout(poll, 3000 + page.polls * 500);
  }

  const fileKey = (files) => JSON.stringify((files || []).map((f) => [f.id, f.av_status]));

  function poll() {
    page.pollTimer = 0;
    page.polls += 1;
    sync();
  }

  // Files change more than themselves (an upload or removal un-submits the item; a failed virus scan
  // too), so after each, and while scans run, the page fetches the view again and updates file items.
  function sync() {
    call('GET', '').then((res) => {
      const view = res.ok && res.body;
      if (view && view.status === 'archived' && !page.archived) return renderPage(view);
      if (view) {
        page.view = view;
        const summary = renderSummary(view);
        swap(page.summary, summary);
        page.summary = summary;
        for (const item of view.items.filter(isFileItem)) {
          const ctx = page.byKey[item.key];
          if (!ctx) continue;
          const changed = item.status !== ctx.item.status || item.waiver?.state !== ctx.item.waiver?.state;
          const filesChanged = fileKey(item.files) !== fileKey(ctx.item.files);
          ctx.item = item;
          if (changed) renderItem(ctx);
          else if (filesChanged) refreshFiles(ctx);
        }
      }
      schedulePoll();
    });
  }

  // ---------------------------------------------------- waiver and note

  // A textarea with its label, error line and button, for the waiver proposal and the note.
  function textForm(ctx, part, path, labelText, buttonText, initial, onSubmit) {
    const areaId = idOf(ctx, part);
    const errorEl = h('p', { id: areaId + '-error', class: 'field-error', hidden: true });
    const board = errorBoard(errorEl);
    const area = h('textarea', { id: areaId, rows: 3, maxlength: 2000, value: initial, 'aria-describedby': errorEl.id });
    board.add(path, area, errorEl);
    const button = h('button', { type: 'submit', id: areaId + '-send', class: 'button', text: buttonText });
    const form = h('form', { novalidate: true }, [h('label', { for: areaId, text: labelText }), area, errorEl, h('div', { class: 'actions' }, [button])]);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      onSubmit(area.value.trim(), button, board);
    });
    return form;
  }

  function waiverBlock(ctx, ro) {
    const item = ctx.item;
    const waiver = item.waiver || { state: 'none', reason: null };
    const state = item.status === 'waived' ? 'accepted' : waiver.state;
    const canPropose = !ro && state !== 'pending' && item.status !== 'approved' && item.status !== 'waived';
    const nodes = [
      has('waiver_' + state)
        ? h('div', { class: 'notice' }, [
            h('p', { text: t('waiver_' + state) }),
            waiver.reason ? h('p', { class: 'text quote', text: waiver.reason }) : null,
          ])
        : null,
      canPropose
        ? h('details', { class: 'extra', id: idOf(ctx, 'waiver-box') }, [
            h('summary', { text: t('waiver_summary') }),
            textForm(ctx, 'waiver', 'reason', t('waiver_label'), t('waiver_button'), '', (reason, button, board) => {
              if (!reason) return board.show([{ path: 'reason', text: t('err_required') }]);
              act(ctx, button, board, 'POST', '/waiver', { reason }, t('waiver_sent', { label: item.label }));
            }),
          ])
        : null,
    ].filter(Boolean);
    return nodes.length ? h('div', { class: 'waiver' }, nodes) : null;
  }

  function noteBlock(ctx) {
    const note = ctx.item.client_note || '';
    if (page.archived) {
      return note ? h('div', { class: 'extra' }, [h('p', { class: 'label', text: t('note_current') }), h('p', { class: 'text', text: note })]) : null;
    }
    return h('details', { class: 'extra', id: idOf(ctx, 'note-box'), open: !!note }, [
      h('summary', { text: note ? t('note_summary_edit') : t('note_summary') }),
      textForm(ctx, 'note', 'note', t('note_label'), t('note_button'), note, (text, button, board) => {
        act(ctx, button, board, 'PUT', '/note', { note: text || null }, text ? t('note_saved') : t('note_cleared'));
      }),
    ]);
  }

  load();
})();
`;

/**
 * Drops indentation, blank lines and whole-line `//` comments: safe because the script has no
 * template literals and no string spanning lines, and line breaks stay where they are.
 */
export function compactScript(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}

/** The script as served. */
export const PORTAL_SCRIPT = compactScript(SOURCE);
