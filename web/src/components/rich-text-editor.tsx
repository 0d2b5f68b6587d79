import { useEffect, useId, useRef, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor, type Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatClearIcon from '@mui/icons-material/FormatClear';

export type RichTextEditorProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  id?: string;
  error?: boolean;
  helperText?: ReactNode;
  /** More than the rich text (the newsletter's images); the server's sanitizer must keep them. */
  extraExtensions?: Extensions;
  /** Buttons of the caller's at the toolbar's end (the newsletter's "Insert photo"). */
  toolbarEnd?: (editor: Editor) => ReactNode;
};

// Only what the server's sanitizer keeps (p, strong, em, u, h2-h4, ul/ol/li, a, br) is enabled, so
// what the owner sees while editing is exactly what gets stored.
const extensions = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    heading: { levels: [2, 3, 4] },
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
  }),
];

/** HTML of an empty document, so "nothing typed" is stored as ''. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

type ToolbarState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  h2: boolean;
  h3: boolean;
  h4: boolean;
  bulletList: boolean;
};

function Toolbar({
  editor,
  disabled,
  labelId,
  end,
}: {
  editor: Editor;
  disabled: boolean;
  labelId: string;
  end?: ReactNode;
}) {
  const state = useEditorState<ToolbarState>({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bulletList: e.isActive('bulletList'),
    }),
  });

  const chain = () => editor.chain().focus();
  // `label` names a button shown as an icon; a button that shows text (H2) is named by that text,
  // so what a voice-control user reads on screen is what they can say (WCAG 2.5.3).
  const buttons: Array<{
    key: string;
    label: string;
    named?: boolean;
    icon: ReactNode;
    active?: boolean;
    run: () => void;
  }> = [
    {
      key: 'bold',
      label: 'Bold',
      icon: <FormatBoldIcon />,
      active: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italic',
      icon: <FormatItalicIcon />,
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: 'Underline',
      icon: <FormatUnderlinedIcon />,
      active: state.underline,
      run: () => chain().toggleUnderline().run(),
    },
    ...([2, 3, 4] as const).map((level) => ({
      key: `h${level}`,
      label: `Heading ${level}`,
      named: true,
      icon: <HeadingGlyph level={level} />,
      active: state[`h${level}`],
      run: () => chain().toggleHeading({ level }).run(),
    })),
    {
      key: 'bulletList',
      label: 'Bullet list',
      icon: <FormatListBulletedIcon />,
      active: state.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
  ];

  return (
    <Box
      role="toolbar"
      aria-labelledby={labelId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.25,
        px: 0.5,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
      }}
    >
      {buttons.map((button) => (
        // describeChild: the tooltip describes the button instead of putting an aria-label on the span
        <Tooltip key={button.key} title={button.label} describeChild>
          <span>
            <IconButton
              size="small"
              aria-label={button.named ? undefined : button.label}
              aria-pressed={Boolean(button.active)}
              disabled={disabled}
              onClick={button.run}
              sx={{
                width: 40,
                height: 40,
                borderRadius: 1,
                color: button.active ? 'primary.contrastText' : 'text.primary',
                bgcolor: button.active ? 'primary.main' : 'transparent',
                '&:hover': { bgcolor: button.active ? 'primary.dark' : 'action.hover' },
              }}
            >
              {button.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Tooltip title="Clear formatting" describeChild>
        <span>
          <IconButton
            size="small"
            aria-label="Clear formatting"
            aria-pressed={false}
            disabled={disabled}
            onClick={() => chain().unsetAllMarks().clearNodes().run()}
            sx={{ width: 40, height: 40, borderRadius: 1 }}
          >
            <FormatClearIcon />
          </IconButton>
        </span>
      </Tooltip>
      {end}
    </Box>
  );
}

function HeadingGlyph({ level }: { level: 2 | 3 | 4 }) {
  return (
    <Box component="span" sx={{ fontWeight: 700, fontSize: '0.95rem', lineHeight: 1 }}>
      H{level}
    </Box>
  );
}

/** Tiptap editor for admin rich text (bold, italic, underline, H2-H4, bullet list, clear formatting). */
export function RichTextEditor({
  label,
  value,
  onChange,
  disabled = false,
  id,
  error,
  helperText,
  extraExtensions,
  toolbarEnd,
}: RichTextEditorProps) {
  const autoId = useId();
  const editorId = id ?? `rte-${autoId}`;
  const labelId = `${editorId}-label`;
  const helperId = `${editorId}-helper`;
  // The editor is created once; the latest onChange is read through a ref.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: extraExtensions ? [...extensions, ...extraExtensions] : extensions,
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(helperText ? { 'aria-describedby': helperId } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(htmlOf(e)),
  });

  // Outside changes (a form filled after loading, a reset) replace the content; our own edits
  // round-trip to the same HTML and are left alone so the cursor stays put.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <Box>
      <Typography
        id={labelId}
        component="label"
        variant="body2"
        onClick={() => editor?.commands.focus()}
        sx={{ display: 'block', mb: 0.75, fontWeight: 600, color: error ? 'error.main' : 'text.secondary' }}
      >
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: disabled ? 'action.disabledBackground' : 'background.paper',
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
        }}
      >
        {editor && (
          <Toolbar editor={editor} disabled={disabled} labelId={labelId} end={toolbarEnd?.(editor)} />
        )}
        <Box
          sx={(theme) => ({
            '& .tiptap': {
              minHeight: 180,
              px: 2,
              py: 1.5,
              outline: 'none',
              lineHeight: 1.7,
              overflowWrap: 'anywhere',
              '& > :first-of-type': { mt: 0 },
              '& > :last-child': { mb: 0 },
              '& p': { my: 1 },
              '& h2, & h3, & h4': {
                fontFamily: theme.typography.h2.fontFamily,
                fontWeight: 400,
                mt: 2,
                mb: 1,
              },
              '& h2': { fontSize: '1.6rem' },
              '& h3': { fontSize: '1.3rem' },
              '& h4': { fontSize: '1.1rem' },
              '& ul, & ol': { pl: 3 },
              '& a': { color: 'primary.main' },
              '& img': { display: 'block', maxWidth: '100%', height: 'auto', my: 1.5, borderRadius: 1 },
              '& img.ProseMirror-selectednode': { outline: 3, outlineColor: 'primary.main' },
            },
          })}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {helperText && (
        <FormHelperText id={helperId} error={error} sx={{ mx: 1.75 }}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}

export default RichTextEditor;
