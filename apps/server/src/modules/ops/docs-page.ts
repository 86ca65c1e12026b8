/**
 * GET /api/docs: one self-contained page (no CDN, the servers may have no internet) that renders
 * the OpenAPI document embedded in it. Every text goes through textContent, never innerHTML.
 */
export function renderDocsPage(openApiJson: string): string {
  // `<` escaped so no string inside the document can close the script element.
  const embedded = openApiJson.replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Kezhan API</title>
<style>
  :root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #f6f8fa; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.55 -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif; color: var(--fg); }
  header { padding: 20px 24px 12px; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: #fff; z-index: 1; }
  h1 { margin: 0 0 4px; font-size: 20px; }
  header p { margin: 0 0 10px; color: var(--muted); max-width: 980px; }
  #filter { width: 100%; max-width: 480px; padding: 7px 10px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
  main { padding: 8px 24px 48px; max-width: 1100px; }
  h2 { font-size: 16px; margin: 24px 0 8px; text-transform: capitalize; }
  details { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; background: #fff; }
  summary { cursor: pointer; padding: 8px 12px; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
  .method { font: 600 12px ui-monospace, monospace; padding: 2px 6px; border-radius: 4px; color: #fff; min-width: 58px; text-align: center; }
  .GET { background: #1f6feb; } .POST { background: #1a7f37; } .PUT { background: #9a6700; } .DELETE { background: #cf222e; }
  .path { font: 13px ui-monospace, monospace; }
  .summary { color: var(--muted); }
  .auth { font-size: 12px; border: 1px solid var(--line); border-radius: 10px; padding: 0 8px; color: var(--muted); }
  .body { padding: 4px 16px 12px; border-top: 1px solid var(--line); background: var(--bg); }
  .body h3 { font-size: 13px; margin: 12px 0 4px; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; font-size: 13px; }
  code, td.name { font-family: ui-monospace, monospace; font-size: 12.5px; }
  p.text { margin: 6px 0; white-space: pre-wrap; }
</style>
</head>
<body>
<header>
  <h1 id="title">Kezhan API</h1>
  <p id="intro"></p>
  <input id="filter" type="search" placeholder="Filter by path, summary or tag" aria-label="Filter endpoints">
  <p><a href="/api/docs/openapi.json">openapi.json</a></p>
</header>
<main id="list"></main>
<script type="application/json" id="openapi">${embedded}</script>
<script>
(function () {
  var doc = JSON.parse(document.getElementById('openapi').textContent);
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }
  // Renders \`code\` spans of the descriptions; everything else stays plain text.
  function text(value) {
    var p = el('p', { class: 'text' });
    String(value || '').split(/(\`[^\`]*\`)/).forEach(function (part) {
      p.appendChild(/^\`.*\`$/.test(part) ? el('code', {}, [part.slice(1, -1)]) : document.createTextNode(part));
    });
    return p;
  }
  function typeOf(schema) {
    if (!schema) return 'any';
    if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (schema.type === 'array' && schema.prefixItems && schema.prefixItems.length === 0) return '[]';
    if (schema.enum) return schema.enum.map(function (v) { return JSON.stringify(v); }).join(' | ');
    if (schema.type === 'array') return typeOf(schema.items) + '[]';
    return [].concat(schema.type || 'any').join(' | ');
  }
  function rules(schema) {
    var out = [];
    if (!schema) return '';
    if (schema.minLength !== undefined) out.push('min length ' + schema.minLength);
    if (schema.maxLength !== undefined) out.push('max length ' + schema.maxLength);
    if (schema.minimum !== undefined) out.push('≥ ' + schema.minimum);
    if (schema.maximum !== undefined) out.push('≤ ' + schema.maximum);
    if (schema.pattern) out.push('pattern ' + schema.pattern);
    if (schema.default !== undefined) out.push('default ' + JSON.stringify(schema.default));
    if (schema.description) out.push(schema.description);
    return out.join(', ');
  }
  function fieldTable(rows) {
    return el('table', {}, [
      el('tr', {}, ['Name', 'In', 'Type', 'Required', 'Rules'].map(function (h) { return el('th', {}, [h]); }))
    ].concat(rows.map(function (row) {
      return el('tr', {}, [
        el('td', { class: 'name' }, [row.name]), el('td', {}, [row.in]), el('td', {}, [typeOf(row.schema)]),
        el('td', {}, [row.required ? 'yes' : 'no']), el('td', {}, [rules(row.schema)])
      ]);
    })));
  }
  function operationNode(path, method, op) {
    var auth = (op.security || []).some(function (s) { return s.bearerAuth; })
      ? ((op.security || []).some(function (s) { return !s.bearerAuth; }) ? 'token optional' : 'member token') : 'public';
    var body = el('div', { class: 'body' });
    if (op.description) body.appendChild(text(op.description));
    var rows = (op.parameters || []).map(function (p) { return { name: p.name, in: p.in, schema: p.schema, required: p.required }; });
    var content = op.requestBody && op.requestBody.content;
    if (content) {
      Object.keys(content).forEach(function (type) {
        var schema = content[type].schema || {};
        var required = schema.required || [];
        Object.keys(schema.properties || {}).forEach(function (name) {
          rows.push({ name: name, in: type === 'multipart/form-data' ? 'form' : 'body', schema: schema.properties[name], required: required.indexOf(name) >= 0 });
        });
      });
    }
    if (rows.length) { body.appendChild(el('h3', {}, ['Request'])); body.appendChild(fieldTable(rows)); }
    body.appendChild(el('h3', {}, ['Response']));
    Object.keys(op.responses || {}).forEach(function (status) {
      var response = op.responses[status];
      var types = Object.keys(response.content || {});
      body.appendChild(text(status + (types.length ? ' ' + types.join(', ') : '') + ' — ' + response.description));
      types.forEach(function (type) {
        var schema = response.content[type].schema || {};
        var data = schema.allOf ? schema.allOf[1].properties.data : schema;
        if (data && data.type === 'array' && data.items) data = data.items;
        if (!data || !data.properties) return;
        var required = data.required || [];
        body.appendChild(fieldTable(Object.keys(data.properties).map(function (name) {
          return { name: name, in: schema.allOf ? 'data' : 'body', schema: data.properties[name], required: required.indexOf(name) >= 0 };
        })));
      });
    });
    var summary = el('summary', {}, [
      el('span', { class: 'method ' + method.toUpperCase() }, [method.toUpperCase()]),
      el('span', { class: 'path' }, [path]),
      el('span', { class: 'summary' }, [op.summary || '']),
      el('span', { class: 'auth' }, [auth])
    ]);
    var node = el('details', {}, [summary, body]);
    node.dataset.search = [method, path, op.summary, (op.tags || []).join(' ')].join(' ').toLowerCase();
    return node;
  }
  document.getElementById('title').textContent = doc.info.title + ' ' + doc.info.version;
  document.getElementById('intro').appendChild(text(doc.info.description));
  var list = document.getElementById('list');
  var sections = {};
  (doc.tags || []).forEach(function (tag) {
    var section = el('section', { id: 'tag-' + tag.name }, [el('h2', {}, [tag.name])]);
    sections[tag.name] = section;
    list.appendChild(section);
  });
  Object.keys(doc.paths).forEach(function (path) {
    Object.keys(doc.paths[path]).forEach(function (method) {
      var op = doc.paths[path][method];
      var tag = (op.tags || ['other'])[0];
      if (!sections[tag]) { sections[tag] = el('section', {}, [el('h2', {}, [tag])]); list.appendChild(sections[tag]); }
      sections[tag].appendChild(operationNode(path, method, op));
    });
  });
  document.getElementById('filter').addEventListener('input', function (event) {
    var query = event.target.value.trim().toLowerCase();
    Array.prototype.forEach.call(document.querySelectorAll('details'), function (node) {
      node.hidden = query !== '' && node.dataset.search.indexOf(query) < 0;
    });
    Object.keys(sections).forEach(function (name) {
      sections[name].hidden = !sections[name].querySelector('details:not([hidden])');
    });
  });
})();
</script>
</body>
</html>
`;
}
