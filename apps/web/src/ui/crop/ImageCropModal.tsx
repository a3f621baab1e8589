import '@mantine/core/styles/Slider.css';
import { Box, Button, Center, Group, Loader, Modal, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from '../../i18n';
import { errorText } from '../../i18n/errors';
import { browserCropEngine, type CropEngine } from './engine';
import { CROP_SHAPES, type CropPurpose, croppedName, type Rect, type Size, sourceRect } from './geometry';

export interface ImageCropModalProps {
  /** The picture the person chose; the dialog is open while it is set. */
  file: File | null;
  purpose: CropPurpose;
  onClose: () => void;
  /** Gets the cropped picture, exactly the chosen shape's size; may be async (the dialog waits and shows errors). */
  onCropped: (file: File) => unknown;
  /** Picture reading and drawing; the browser's canvas unless a test gives its own. */
  engine?: CropEngine;
}

const OUTPUT_TYPE = 'image/jpeg';
const MAX_ZOOM = 4;

/**
 * Turns any photo into a picture of the size its purpose needs (cover 3420 × ≥250, square avatar, workspace header
 * 160 px high): the person moves and zooms the part to keep (mouse, touch, or arrow keys on the area and the zoom
 * slider) and, for covers and headers, picks the band's shape. The result is drawn at exactly the target size.
 */
export function ImageCropModal({ file, purpose, onClose, onCropped, engine = browserCropEngine }: ImageCropModalProps) {
  const { t } = useTranslation();
  const shapes = CROP_SHAPES[purpose];
  const [shapeIndex, setShapeIndex] = useState(0);
  const [src, setSrc] = useState<string | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Rect | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = shapes[shapeIndex] ?? shapes[0];

  useEffect(() => {
    setShapeIndex(0);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setNatural(null);
    setProblem(null);
    if (!file) {
      setSrc(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setSrc(url);
    let live = true;
    engine.measure(url).then(
      (size) => live && setNatural(size),
      () => live && setProblem(t('crop.notImage')),
    );
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
  }, [file, engine, t]);

  const apply = async () => {
    if (!file || !src || !natural) return;
    setBusy(true);
    setProblem(null);
    let blob: Blob;
    try {
      blob = await engine.draw(src, sourceRect(area, natural, target), target, OUTPUT_TYPE);
    } catch {
      setBusy(false);
      setProblem(t('crop.failed'));
      return;
    }
    try {
      await onCropped(new File([blob], croppedName(file.name, OUTPUT_TYPE), { type: OUTPUT_TYPE }));
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const onCropComplete = (_: Area, pixels: Area) => setArea(pixels);

  return (
    <Modal opened={!!file} onClose={onClose} title={t(`crop.${purpose}`)} size="xl" centered>
      <Stack gap="sm">
        <Box pos="relative" h={{ base: 260, sm: 380 }} bg="dark.7" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          {src && natural ? (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              maxZoom={MAX_ZOOM}
              aspect={target.width / target.height}
              cropShape={purpose === 'avatar' ? 'round' : 'rect'}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={onCropComplete}
              keyboardStep={10}
              cropperProps={{ role: 'group', 'aria-label': t('crop.area') }}
              mediaProps={{ alt: '' }}
            />
          ) : (
            !problem && (
              <Center h="100%">
                <Loader aria-label={t('common.loading')} />
              </Center>
            )
          )}
        </Box>
        <Group gap="md" align="center" wrap="nowrap">
          <Text size="sm" aria-hidden>
            {t('crop.zoom')}
          </Text>
          <Box style={{ flex: 1 }}>
            <Slider
              min={1}
              max={MAX_ZOOM}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              label={(value) => `${Math.round(value * 100)}%`}
              thumbLabel={t('crop.zoom')}
              disabled={!natural}
            />
          </Box>
        </Group>
        {shapes.length > 1 && (
          <Stack gap={4}>
            <Text size="sm" id="crop-shape-label">
              {t('crop.shape')}
            </Text>
            <SegmentedControl
              aria-labelledby="crop-shape-label"
              fullWidth
              data={shapes.map((shape, index) => ({
                value: String(index),
                label: `${shape.width} × ${shape.height}`,
              }))}
              value={String(shapeIndex)}
              onChange={(value) => {
                setShapeIndex(Number(value));
                setArea(null);
              }}
            />
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          {t('crop.result', { width: target.width, height: target.height })}
        </Text>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void apply()} loading={busy} disabled={!natural}>
            {t('crop.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default ImageCropModal;
