import { SubPage } from '../shared/sub-page';
import { PhotoForm } from './photo-form';

export default function AddPhotoPage() {
  return (
    <SubPage title="Add New Photo" backTo="/admin/dashboard" backLabel="Back to dashboard">
      <PhotoForm mode="add" />
    </SubPage>
  );
}
