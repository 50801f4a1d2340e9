// The HTML part of every mail: the school's violet header, a white card, one big button, a footer that
// says why the mail came and where to ask. Inline styles only: mail clients drop most of CSS.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties } from 'react';
import type { Inline, MailBlock, MailContent, TemplateContext } from './content';

const VIOLET = '#6c4cf1';
const INK = '#2b2350';
const MUTED = '#6b6489';
const LINE = '#e6e2f3';
const FONT = "'Nunito', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const style = {
  body: { backgroundColor: '#f4f1ff', margin: 0, padding: 0, fontFamily: FONT, color: INK },
  container: { maxWidth: '600px', margin: '0 auto', padding: '20px 8px' },
  card: {
    backgroundColor: '#ffffff',
    borderRadius: '16px',
    border: `1px solid ${LINE}`,
    overflow: 'hidden',
  },
  header: { backgroundColor: VIOLET, padding: '20px 24px' },
  brand: {
    margin: 0,
    color: '#ffffff',
    fontSize: '24px',
    lineHeight: '30px',
    fontWeight: 800,
    letterSpacing: '0.2px',
  },
  tagline: { margin: '2px 0 0', color: '#e4dcff', fontSize: '14px', lineHeight: '20px' },
  main: { padding: '26px 24px 10px' },
  heading: {
    margin: '0 0 16px',
    fontSize: '26px',
    lineHeight: '32px',
    fontWeight: 800,
    color: INK,
  },
  paragraph: { margin: '0 0 14px', fontSize: '17px', lineHeight: '26px', color: INK },
  subheading: {
    margin: '22px 0 8px',
    fontSize: '19px',
    lineHeight: '26px',
    fontWeight: 700,
    color: INK,
  },
  step: { margin: '0 0 10px', fontSize: '17px', lineHeight: '26px', color: INK },
  stepNumber: { color: VIOLET, fontWeight: 800, paddingRight: '6px' },
  code: {
    margin: '4px 0 18px',
    padding: '14px 12px',
    fontSize: '28px',
    lineHeight: '34px',
    fontWeight: 800,
    letterSpacing: '2px',
    textAlign: 'center',
    fontFamily: "'Courier New', Courier, monospace",
    color: INK,
    backgroundColor: '#f4f1ff',
    border: `2px dashed ${VIOLET}`,
    borderRadius: '12px',
    userSelect: 'all',
    WebkitUserSelect: 'all',
  },
  factsTable: { width: '100%', borderCollapse: 'collapse', margin: '0 0 16px' },
  factLabel: {
    padding: '6px 12px 6px 0',
    fontSize: '15px',
    lineHeight: '22px',
    color: MUTED,
    verticalAlign: 'top',
    whiteSpace: 'nowrap',
  },
  factValue: {
    padding: '6px 0',
    fontSize: '17px',
    lineHeight: '24px',
    color: INK,
    fontWeight: 700,
    verticalAlign: 'top',
  },
  buttonRow: { padding: '10px 0 6px', textAlign: 'center' },
  button: {
    backgroundColor: VIOLET,
    color: '#ffffff',
    fontSize: '18px',
    lineHeight: '24px',
    fontWeight: 700,
    textDecoration: 'none',
    borderRadius: '999px',
    padding: '16px 36px',
    display: 'inline-block',
  },
  fallback: { margin: '10px 0 18px', fontSize: '13px', lineHeight: '19px', color: MUTED },
  fallbackLink: { color: VIOLET, wordBreak: 'break-all' },
  note: { margin: '0 0 12px', fontSize: '15px', lineHeight: '22px', color: MUTED },
  link: { color: VIOLET, textDecoration: 'underline' },
  footer: { padding: '18px 20px 8px', textAlign: 'center' },
  footerText: { margin: '0 0 8px', fontSize: '13px', lineHeight: '19px', color: MUTED },
  footerLink: { color: MUTED, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

function Inlines({ content, linkStyle }: { content: Inline[]; linkStyle: CSSProperties }) {
  return content.map((part, index) =>
    typeof part === 'string' ? (
      part
    ) : (
      <Link key={index} href={part.href} style={linkStyle}>
        {part.text}
      </Link>
    ),
  );
}

function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <Text style={style.paragraph}>
          <Inlines content={block.content} linkStyle={style.link} />
        </Text>
      );
    case 'subheading':
      return <Text style={style.subheading}>{block.text}</Text>;
    case 'note':
      return (
        <Text style={style.note}>
          <Inlines content={block.content} linkStyle={style.link} />
        </Text>
      );
    case 'steps':
      return (
        <Section style={{ padding: '0 0 6px' }}>
          {block.items.map((item, index) => (
            <Text key={index} style={style.step}>
              <span style={style.stepNumber}>{index + 1}.</span>
              {item}
            </Text>
          ))}
        </Section>
      );
    case 'code':
      return <Text style={style.code}>{block.code}</Text>;
    case 'facts':
      return (
        <table role="presentation" style={style.factsTable}>
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.label}>
                <td style={style.factLabel}>{row.label}</td>
                <td style={style.factValue}>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'button':
      return (
        <>
          <Section style={style.buttonRow}>
            <Button href={block.url} style={style.button}>
              {block.label}
            </Button>
          </Section>
          <Text style={style.fallback}>
            Если кнопка не нажимается, скопируйте ссылку в адресную строку браузера:{' '}
            <Link href={block.url} style={style.fallbackLink}>
              {block.url}
            </Link>
          </Text>
        </>
      );
  }
}

export function MailLayout({ mail, context }: { mail: MailContent; context: TemplateContext }) {
  return (
    <Html lang="ru" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{mail.preview}</Preview>
      <Body style={style.body}>
        <Container style={style.container}>
          <Section style={style.card}>
            <Section style={style.header}>
              <Text style={style.brand}>Школа Умняшек</Text>
              <Text style={style.tagline}>онлайн-школа для детей 2–7 лет</Text>
            </Section>
            <Section style={style.main}>
              <Heading as="h1" style={style.heading}>
                {mail.heading}
              </Heading>
              {mail.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </Section>
          </Section>
          <Section style={style.footer}>
            <Text style={style.footerText}>{mail.reason}</Text>
            <Text style={style.footerText}>
              Вопросы? Пишите нам:{' '}
              <Link href={`mailto:${context.supportEmail}`} style={style.footerLink}>
                {context.supportEmail}
              </Link>
            </Text>
            {mail.unsubscribe ? (
              <Text style={style.footerText}>
                <Link href={mail.unsubscribe.url} style={style.footerLink}>
                  Отписаться от этой рассылки
                </Link>
              </Text>
            ) : null}
            <Text style={style.footerText}>
              <Link href={`${context.publicUrl}/`} style={style.footerLink}>
                Школа Умняшек
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
