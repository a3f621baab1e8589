import '@mantine/charts/styles.css';
import { POLL_TEXTS_MAX, type PollResults } from '@hallway/shared/polls';
import { BarChart } from '@mantine/charts';
import { Badge, Group, Paper, ScrollArea, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { usePollsTexts } from './texts';

type QuestionResult = PollResults['questions'][number];

const percentOf = (count: number, of: number) => (of ? Math.round((count / of) * 100) : 0);

/** 1..100 in ten bins of ten: "1–10", "11–20", … "91–100". */
export function binsOf(distribution: number[]): { label: string; count: number }[] {
  return Array.from({ length: 10 }, (_, bin) => ({
    label: `${bin * 10 + 1}–${bin * 10 + 10}`,
    count: distribution.slice(bin * 10, bin * 10 + 10).reduce((sum, count) => sum + count, 0),
  }));
}

/** A long answer shortened for the chart's axis; the table below the chart has it whole. */
const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The chart's numbers as a table for screen readers (the chart itself is a picture to them). */
function ChartTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th>{head[0]}</th>
            <th>{head[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <td>{label}</td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/** A choice question: each answer's count and share of those who answered the question, as horizontal bars. */
function OptionsChart({ question }: { question: QuestionResult }) {
  const { t } = usePollsTexts();
  const phone = useMediaQuery('(max-width: 30em)');
  const options = question.options ?? [];
  const of = question.answered;
  const label = (count: number) => t('results.percent', { count, percent: percentOf(count, of) });
  const data = options.map((option) => ({ option: short(option.text, phone ? 16 : 28), count: option.count }));
  return (
    <>
      <div aria-hidden data-testid="options-chart">
        <BarChart
          // The chart is hidden from screen readers (the table below it speaks): nothing in it may take the focus.
          accessibilityLayer={false}
          h={Math.max(120, options.length * 44 + 24)}
          data={data}
          dataKey="option"
          orientation="vertical"
          series={[{ name: 'count', color: 'blue.6', label: t('results.count') }]}
          withBarValueLabel
          valueFormatter={label}
          valueLabelProps={{ position: 'right' }}
          gridAxis="none"
          tickLine="none"
          withXAxis={false}
          yAxisProps={{ width: phone ? 110 : 190, interval: 0 }}
          barChartProps={{ margin: { right: 72, left: 4 } }}
          maxBarWidth={28}
          withTooltip={false}
        />
      </div>
      <ChartTable
        caption={t('results.chart', { question: question.text })}
        head={[t('results.option'), t('results.count')]}
        rows={options.map((option) => [option.text, label(option.count)])}
      />
    </>
  );
}

/** A scale: how many chose each value (ten bins of ten for 1..100), with the mean. */
function RangeChart({ question }: { question: QuestionResult }) {
  const { t } = usePollsTexts();
  const distribution = question.distribution ?? [];
  const data =
    question.range === 100
      ? binsOf(distribution)
      : distribution.map((count, index) => ({ label: String(index + 1), count }));
  return (
    <>
      <div aria-hidden data-testid="range-chart">
        <BarChart
          // The chart is hidden from screen readers (the table below it speaks): nothing in it may take the focus.
          accessibilityLayer={false}
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'count', color: 'teal.6', label: t('results.count') }]}
          gridAxis="x"
          tickLine="none"
          yAxisProps={{ allowDecimals: false, width: 32 }}
          maxBarWidth={48}
          tooltipAnimationDuration={120}
        />
      </div>
      <ChartTable
        caption={t('results.chart', { question: question.text })}
        head={[t('results.value'), t('results.count')]}
        rows={data.map((row) => [row.label, String(row.count)])}
      />
    </>
  );
}

/** A text question: its answers in a scrolling list, with how many there are. */
function TextAnswers({ question }: { question: QuestionResult }) {
  const { t } = usePollsTexts();
  const texts = question.texts ?? [];
  if (!texts.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('results.noTexts')}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <ul className="hw-poll-texts" aria-label={t('results.texts', { count: texts.length })}>
          {texts.map((text, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same text may come twice; its place is its identity
            <li key={index}>
              <Text size="sm">{text}</Text>
            </li>
          ))}
        </ul>
      </ScrollArea.Autosize>
      {texts.length >= POLL_TEXTS_MAX && (
        <Text size="xs" c="dimmed">
          {t('results.textsCapped', { count: texts.length })}
        </Text>
      )}
    </Stack>
  );
}

/** The "general" tab: a card per question, with the chart or the texts of its kind. */
export function GeneralResults({ results }: { results: PollResults }) {
  const { t, lang } = usePollsTexts();
  return (
    <Stack gap="md">
      {results.questions.map((question, index) => {
        const titleId = `poll-result-${question.id}`;
        return (
          <Paper
            key={question.id}
            withBorder
            radius="lg"
            p={{ base: 'sm', sm: 'md' }}
            component="section"
            aria-labelledby={titleId}
            data-testid="question-result"
          >
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
                  <Badge variant="light" radius="sm" size="sm" mt={2} style={{ flex: 'none' }}>
                    {index + 1}
                  </Badge>
                  <Title order={2} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                    {question.text}
                  </Title>
                </Group>
                <Group gap="xs">
                  {question.kind === 'range' && (
                    <Badge variant="light" color="teal" radius="sm">
                      {question.mean == null
                        ? t('results.noMean')
                        : t('results.mean', {
                            value: new Intl.NumberFormat(lang, {
                              maximumFractionDigits: question.range === 100 ? 1 : 2,
                            }).format(question.mean),
                          })}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {t(
                      question.kind === 'short_text' || question.kind === 'long_text'
                        ? 'results.texts'
                        : 'results.answeredCount',
                      {
                        count: question.answered,
                      },
                    )}
                  </Text>
                </Group>
              </Group>
              {question.kind === 'single' || question.kind === 'multiple' ? (
                <OptionsChart question={question} />
              ) : question.kind === 'range' ? (
                <RangeChart question={question} />
              ) : (
                <TextAnswers question={question} />
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
