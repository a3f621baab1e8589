import { SHOP_COINS_MAX, SHOP_COMMENT_MAX } from '@hallway/shared/shop';
import { Checkbox, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { showSuccess } from '../../ui/toast';
import { FormFooter, failedFields } from './FormFooter';
import { shopMutations, shopQueries } from './queries';
import { useShopTexts } from './texts';

export interface AccrualPreset {
  who?: string;
  achievement?: string;
}

/** A manager rewards a person: coins, an achievement or both, a comment, and optionally a thank-you on the wall. */
export function AccrualForm({ preset, onClose }: { preset: AccrualPreset | null; onClose: () => void }) {
  const { t } = useShopTexts();
  return (
    <Modal opened={preset !== null} onClose={onClose} title={t('accrual.title')} centered>
      {preset && <Fields preset={preset} onDone={onClose} />}
    </Modal>
  );
}

type Errors = Partial<Record<'who' | 'amount' | 'comment' | 'form', string>>;

function Fields({ preset, onDone }: { preset: AccrualPreset; onDone: () => void }) {
  const { t } = useShopTexts();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const queries = useQueryClient();
  const achievements = useQuery(shopQueries.achievements(clientId));
  const [who, setWho] = useState<string[]>(preset.who ? [preset.who] : []);
  const [amount, setAmount] = useState<number | string>('');
  const [achievement, setAchievement] = useState<string | null>(preset.achievement ?? null);
  const [comment, setComment] = useState('');
  const [publish, setPublish] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const give = useMutation(shopMutations.accrue(queries));
  const submit = () => {
    const next: Errors = {};
    if (!who.length) next.who = t('accrual.whoRequired');
    const n = Number(amount);
    if (amount !== '' && (!Number.isInteger(n) || n < 1 || n > SHOP_COINS_MAX))
      next.amount = t('accrual.amountInvalid');
    if (amount === '' && !achievement) next.form = t('accrual.empty');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    give.mutate(
      { who: who[0], ...(amount === '' ? {} : { amount: n }), achievement, comment: comment.trim(), publish },
      {
        onSuccess: () => {
          showSuccess(t('accrual.done'));
          onDone();
        },
        onError: (err) => setErrors(failedFields(err)),
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <PeoplePicker
          label={t('accrual.who')}
          value={who}
          onChange={(ids) => setWho(ids.slice(-1))}
          error={errors.who}
          required
        />
        <NumberInput
          label={t('accrual.amount')}
          min={1}
          max={SHOP_COINS_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
        />
        <Select
          label={t('accrual.achievement')}
          placeholder={t('accrual.noAchievement')}
          data={(achievements.data ?? []).map((a) => ({ value: a._id, label: a.name }))}
          value={achievement}
          onChange={setAchievement}
          clearable
          searchable
        />
        <Textarea
          label={t('accrual.comment')}
          autosize
          minRows={2}
          maxLength={SHOP_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={errors.comment}
        />
        <Checkbox
          label={t('accrual.publish')}
          description={t('accrual.publishHint')}
          checked={publish}
          onChange={(event) => setPublish(event.currentTarget.checked)}
        />
        <FormFooter error={errors.form} busy={give.isPending} submit={t('accrual.give')} onCancel={onDone} />
      </Stack>
    </form>
  );
}
