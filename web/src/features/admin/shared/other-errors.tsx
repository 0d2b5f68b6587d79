import Alert from '@mui/material/Alert';

/** A refused save's messages that belong to no field, above the form's button. */
export function OtherErrors({ messages }: { messages: string[] }) {
  return messages.map((message) => (
    <Alert key={message} severity="error" role="alert">
      {message}
    </Alert>
  ));
}
