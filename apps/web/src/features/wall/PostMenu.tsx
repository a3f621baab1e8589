import type { PostDto } from '@hallway/shared';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertCircleOff,
  IconDots,
  IconExternalLink,
  IconLink,
  IconPencil,
  IconPin,
  IconPinnedOff,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { copyText } from '../../ui/clipboard';
import { OnDemandMenu } from '../../ui/OnDemandMenu';
import { showError, showSuccess } from '../../ui/toast';
import { useWall } from './context';
import { useWallTexts } from './texts';

export const postUrl = (id: string) => `${window.location.origin}/post/${id}`;

type MenuPost = Pick<PostDto, '_id' | 'can' | 'mustRead' | 'pinned'>;

/** A post's actions: open, copy its link, and what `can` allows (edit, must-read, pin, delete). */
export function PostMenu({ post, onEdit, single }: { post: MenuPost; onEdit: () => void; single: boolean }) {
  const { t } = useWallTexts();
  const { actions } = useWall();
  const [confirming, setConfirming] = useState(false);

  const copyLink = async () => {
    try {
      await copyText(postUrl(post._id));
      showSuccess(t('post.linkCopied'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <>
      <OnDemandMenu
        position="bottom-end"
        withinPortal
        shadow="md"
        target={
          <ActionIcon variant="subtle" color="gray" aria-label={t('post.actions')}>
            <IconDots size={18} />
          </ActionIcon>
        }
      >
        {!single && (
          <Menu.Item component={Link} to={`/post/${post._id}`} leftSection={<IconExternalLink size={16} />}>
            {t('post.open')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLink size={16} />} onClick={() => void copyLink()}>
          {t('post.copyLink')}
        </Menu.Item>
        {post.can.edit && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            {t('post.edit')}
          </Menu.Item>
        )}
        {post.can.mustRead && (
          <Menu.Item
            leftSection={post.mustRead ? <IconAlertCircleOff size={16} /> : <IconAlertCircle size={16} />}
            onClick={() => void actions.setMustRead(post._id, !post.mustRead)}
          >
            {post.mustRead ? t('post.unmarkMustRead') : t('post.markMustRead')}
          </Menu.Item>
        )}
        {post.can.pin && (
          <Menu.Item
            leftSection={post.pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
            onClick={() => void actions.setPinned(post._id, !post.pinned)}
          >
            {post.pinned ? t('post.unpin') : t('post.pin')}
          </Menu.Item>
        )}
        {post.can.delete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
              {t('post.delete')}
            </Menu.Item>
          </>
        )}
      </OnDemandMenu>
      <ConfirmDialog
        opened={confirming}
        title={t('post.deleteTitle')}
        message={t('post.deleteText')}
        confirmLabel={t('post.delete')}
        danger
        onConfirm={() => actions.deletePost(post._id)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
