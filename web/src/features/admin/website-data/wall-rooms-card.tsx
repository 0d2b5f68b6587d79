import { useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormSection } from '../shared/form-section';
import { useActionToast } from '../shared/action-toast';
import { LoadError } from '../shared/load-error';
import { useSessionExpiryCheck } from '../shared/session';
import { useObjectUrl } from '../shared/use-object-url';
import { useCreateWallRoomMutation, useDeleteWallRoomMutation, useGetWallRoomsQuery } from './api';

type Point = { x: number; y: number };
type Target = 'ref1' | 'ref2' | 'print';
const START: Record<Target, Point> = {
  ref1: { x: 0.35, y: 0.8 },
  ref2: { x: 0.65, y: 0.8 },
  print: { x: 0.5, y: 0.35 },
};
const LABELS: Record<Target, string> = {
  ref1: 'First end of the reference',
  ref2: 'Second end of the reference',
  print: 'Where prints hang (their centre)',
};
const clamp = (n: number) => Math.min(1, Math.max(0, n));
const pct = (n: number) => `${n * 100}%`;

/**
 * The owner's own rooms for the photo page's "See it on a wall": a photo of a room, two points
 * she marks on something of known length in it (a sofa, a door) with that length, and where a
 * print hangs. Buyers then see each print on her wall at that scale.
 */
export function WallRoomsCard() {
  const { data, error, isLoading, isFetching, refetch } = useGetWallRoomsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [create, { isLoading: saving }] = useCreateWallRoomMutation();
  const [remove] = useDeleteWallRoomMutation();
  const withToast = useActionToast();
  const checkSession = useSessionExpiryCheck();
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const [label, setLabel] = useState('');
  const [length, setLength] = useState('');
  const [points, setPoints] = useState(START);
  const [target, setTarget] = useState<Target>('ref1');
  const lengthIn = Number(length);
  const lengthOk = length.trim() !== '' && lengthIn > 0 && lengthIn <= 1000;

  const place = (event: MouseEvent<HTMLElement>) => {
    const r = event.currentTarget.getBoundingClientRect();
    const p = { x: clamp((event.clientX - r.left) / r.width), y: clamp((event.clientY - r.top) / r.height) };
    setPoints((old) => ({ ...old, [target]: p }));
    if (target === 'ref1') setTarget('ref2');
  };
  const nudge = (which: Target) => (event: KeyboardEvent) => {
    const step = event.shiftKey ? 0.02 : 0.005;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
      event.key
    ];
    if (!d) return;
    event.preventDefault();
    setPoints((old) => ({
      ...old,
      [which]: { x: clamp(old[which].x + d[0]!), y: clamp(old[which].y + d[1]!) },
    }));
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !label.trim() || !lengthOk) return;
    const body = new FormData();
    body.set('image', file);
    body.set('label', label.trim());
    body.set('refX1', String(points.ref1.x));
    body.set('refY1', String(points.ref1.y));
    body.set('refX2', String(points.ref2.x));
    body.set('refY2', String(points.ref2.y));
    body.set('refLengthIn', String(lengthIn));
    body.set('printX', String(points.print.x));
    body.set('printY', String(points.print.y));
    const saved = await withToast(() => create(body).unwrap(), {
      done: { title: 'Room added', description: 'Buyers can now see prints on this wall.' },
      failure: 'add the room',
      onError: checkSession,
    });
    if (saved) {
      setFile(null);
      setLabel('');
      setLength('');
      setPoints(START);
      setTarget('ref1');
      void refetch();
    }
  };

  const onDelete = async (id: number) => {
    const done = await withToast(() => remove(id).unwrap(), {
      done: { title: 'Room deleted', description: 'The room is no longer shown to buyers.' },
      failure: 'delete the room',
      onError: checkSession,
    });
    if (done) void refetch();
  };

  return (
    <FormSection
      title={<>Rooms for &ldquo;See it on a wall&rdquo;</>}
      titleId="wall-rooms-title"
      variant="h6"
      level="h3"
      description="Photos of your own rooms, shown beside the drawn ones. Mark the two ends of something you know the length of (a sofa, a door) and where prints hang; each print is drawn at that scale."
    >
      {error && !data ? (
        <LoadError onRetry={refetch} retrying={isFetching} what="rooms" error={error} />
      ) : isLoading ? (
        <Skeleton variant="rounded" height={80} />
      ) : data && data.length > 0 ? (
        <List aria-label="Rooms" dense>
          {data.map((room) => (
            <ListItem
              key={room.id}
              secondaryAction={
                <Button color="error" onClick={() => onDelete(room.id)} aria-label={`Delete ${room.label}`}>
                  Delete
                </Button>
              }
            >
              <Box
                component="img"
                src={`${room.imageUrl}&w=640`}
                alt=""
                sx={{ width: 72, height: 48, objectFit: 'cover', borderRadius: 1, mr: 2 }}
              />
              <ListItemText primary={room.label} secondary={`Reference ${room.reference.lengthIn} in`} />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" sx={{ mb: 2 }}>
          No rooms yet: buyers see the drawn rooms only.
        </Typography>
      )}

      <Stack component="form" spacing={2} onSubmit={onSave} sx={{ mt: 2 }} aria-label="Add a room">
        <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
          {file ? 'Choose another room photo' : 'Choose a room photo'}
          <input
            hidden
            type="file"
            accept="image/*"
            aria-label="Room photo"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Button>
        {preview && (
          <>
            <TextField label="Room name" required value={label} onChange={(e) => setLabel(e.target.value)} />
            <TextField
              label="Reference length (inches)"
              required
              inputMode="decimal"
              value={length}
              onChange={(e) => setLength(e.target.value)}
              error={length.trim() !== '' && !lengthOk}
              helperText="The real length between the two ends you mark, for example 84 for a sofa."
            />
            <RadioGroup
              row
              aria-label="A click on the photo places"
              value={target}
              onChange={(_e, v) => setTarget(v as Target)}
            >
              {(Object.keys(LABELS) as Target[]).map((t) => (
                <FormControlLabel key={t} value={t} control={<Radio />} label={LABELS[t]} />
              ))}
            </RadioGroup>
            <Box sx={{ position: 'relative', cursor: 'crosshair', maxWidth: 720 }} onClick={place}>
              <Box component="img" src={preview} alt="The room" sx={{ display: 'block', width: '100%' }} />
              <Box
                component="svg"
                aria-hidden
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
              >
                <line
                  x1={pct(points.ref1.x)}
                  y1={pct(points.ref1.y)}
                  x2={pct(points.ref2.x)}
                  y2={pct(points.ref2.y)}
                  stroke="#ffcc33"
                  strokeWidth={3}
                />
              </Box>
              {(Object.keys(LABELS) as Target[]).map((t) => (
                <Box
                  key={t}
                  component="button"
                  type="button"
                  aria-label={`${LABELS[t]}: move with the arrow keys`}
                  onKeyDown={nudge(t)}
                  onClick={(e: MouseEvent) => e.stopPropagation()}
                  sx={{
                    position: 'absolute',
                    left: pct(points[t].x),
                    top: pct(points[t].y),
                    width: 22,
                    height: 22,
                    m: '-11px 0 0 -11px',
                    p: 0,
                    borderRadius: t === 'print' ? 1 : '50%',
                    border: '3px solid',
                    borderColor: t === 'print' ? '#fff' : '#ffcc33',
                    bgcolor: 'rgba(0,0,0,0.4)',
                  }}
                />
              ))}
            </Box>
            <Button
              type="submit"
              variant="contained"
              disabled={saving || !label.trim() || !lengthOk}
              sx={{ alignSelf: 'flex-start' }}
            >
              Add room
            </Button>
          </>
        )}
      </Stack>
    </FormSection>
  );
}
