import { useMemo } from 'react';
import { Typography } from '@mantine/core';

const DROP = 'script,style,iframe,object,embed,link,meta,form,input,button,textarea,select,base';

/**
 * Stored rich text is sanitised by the server; this second pass (parsed inert by
 * DOMParser, so nothing runs) drops active content in case an old value slipped by.
 */
export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(DROP).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') el.removeAttribute(attr.name);
      else if (
        (name === 'href' || name === 'src' || name === 'xlink:href') &&
        /^(javascript|data|vbscript):/.test(value)
      )
        el.removeAttribute(attr.name);
    }
    if (el.tagName === 'A') {
      el.setAttribute('rel', 'noopener noreferrer nofollow');
      el.setAttribute('target', '_blank');
    }
  });
  return doc.body.innerHTML;
}

export function SafeHtml({ html, ...props }: { html: string; className?: string; 'data-testid'?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Typography {...props}>
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
