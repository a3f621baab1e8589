import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../i18n/errors';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { chatMutations } from './queries';
import { useChatTexts } from './texts';

/** "New message": choose a colleague; their direct conversation (made at the first message) opens. */
export function NewDirectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useChatTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const direct = useMutation(chatMutations.direct(client));
  const [person, setPerson] = useState<string[]>([]);
  const [known, setKnown] = useState<PickedPerson[]>([]);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPerson([]);
    setError(null);
    onClose();
  };
  const start = async () => {
    const [user] = person;
    if (!user) return;
    try {
      const room = await direct.mutateAsync(user);
      close();
      navigate(`/chat/${room._id}`);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('direct.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <Stack>
          <PeoplePicker
            label={t('direct.person')}
            value={person}
            known={known}
            maxValues={1}
            error={error}
            data-autofocus
            onChange={(ids, people) => {
              setPerson(ids.slice(-1));
              setKnown(people);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!person.length} loading={direct.isPending}>
              {t('direct.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
