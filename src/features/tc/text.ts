/**
 * The terms' markdown-like plain text, read into blocks the screens render as React elements
 * (never as HTML: a `<script>` in a text is shown as the characters it is). The syntax: `# ` and
 * `## ` headings, `- ` list items, blank lines between paragraphs, `**bold**` inside a line.
 */
export type TcInline = { text: string; bold: boolean };
export type TcBlock =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; lines: TcInline[][] }
  | { kind: 'list'; items: TcInline[][] };

/** A line's `**bold**` runs; an unclosed `**` stays as it is. */
export function parseInline(line: string): TcInline[] {
  const parts: TcInline[] = [];
  let rest = line;
  while (rest.length > 0) {
    const start = rest.indexOf('**');
    const end = start < 0 ? -1 : rest.indexOf('**', start + 2);
    if (start < 0 || end < 0) {
      parts.push({ text: rest, bold: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), bold: false });
    if (end > start + 2) parts.push({ text: rest.slice(start + 2, end), bold: true });
    rest = rest.slice(end + 2);
  }
  return parts;
}

export function parseTcText(text: string): TcBlock[] {
  const blocks: TcBlock[] = [];
  let paragraph: TcInline[][] | null = null;
  let list: TcInline[][] | null = null;
  const close = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', lines: paragraph });
    if (list) blocks.push({ kind: 'list', items: list });
    paragraph = null;
    list = null;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,2})\s+(.*)$/.exec(line);
    if (line === '') close();
    else if (heading) {
      close();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2, text: heading[2]!.replace(/\*\*/g, '') });
    } else if (/^[-*]\s+/.test(line)) {
      if (paragraph) close();
      (list ??= []).push(parseInline(line.replace(/^[-*]\s+/, '')));
    } else {
      if (list) close();
      (paragraph ??= []).push(parseInline(line));
    }
  }
  close();
  return blocks;
}
