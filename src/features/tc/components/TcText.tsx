/** The terms' text rendered as elements (./text.ts): headings, paragraphs, lists, bold runs; never HTML. */
import { Fragment, useMemo } from 'react';
import { parseTcText, type TcInline } from '../text';

function Inline({ parts }: { parts: TcInline[] }) {
  return (
    <>
      {parts.map((part, index) => (part.bold ? <strong key={index}>{part.text}</strong> : <Fragment key={index}>{part.text}</Fragment>))}
    </>
  );
}

/** `headingLevel`: the level of the text's `#` headings on the page (its `##` one below). */
export function TcText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const blocks = useMemo(() => parseTcText(text), [text]);
  return (
    <div className="tc-text">
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          const Tag = block.level === 1 ? (`h${headingLevel}` as const) : (`h${headingLevel + 1}` as 'h3' | 'h4');
          return <Tag key={index}>{block.text}</Tag>;
        }
        if (block.kind === 'list')
          return (
            <ul key={index}>
              {block.items.map((item, i) => (
                <li key={i}>
                  <Inline parts={item} />
                </li>
              ))}
            </ul>
          );
        return (
          <p key={index}>
            {block.lines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                <Inline parts={line} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
