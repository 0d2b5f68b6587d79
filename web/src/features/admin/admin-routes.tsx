import { MuiScope } from '../../components/mui-scope';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import NotFound from '../../components/not-found';
import AuthRedirectPage from './auth/auth-redirect-page';
import LoginPage from './auth/login-page';
// with the protection wrapper, which shows its 'Choose a new password' before anything else
import ChangePasswordPage from './auth/password-page';
import { RequireAdmin } from './auth/require-admin';
import PhotosTab from './photos/photos-tab';
import { SetupChecklist } from './setup/setup-checklist';
import { AdminFrame } from './shell/admin-frame';
import { AdminShell } from './shell/admin-shell';
import { AdminTabsLayout } from './shell/admin-tabs-layout';
import { CenteredSpinner } from './shared/centered-spinner';

// Tabs and screens other than the dashboard load on demand; the editor (Tiptap) rides with the
// photo form and the About tab only.
const PrintOptionsTab = lazy(() => import('./print-options/print-options-tab'));
const AboutTab = lazy(() => import('./about/about-tab'));
const WebsiteDataTab = lazy(() => import('./website-data/website-data-tab'));
const OrdersTab = lazy(() => import('./orders/orders-tab'));
const FaqsTab = lazy(() => import('./faqs/faqs-tab'));
const ShippingNoticeTab = lazy(() => import('./shipping-notice/shipping-notice-tab'));
// the charts library rides with this tab alone
const NumbersTab = lazy(() => import('./numbers/numbers-tab'));
const AddPhotoPage = lazy(() => import('./photos/add-photo-page'));
const EditPhotoPage = lazy(() => import('./photos/edit-photo-page'));
const BatchUploadPage = lazy(() => import('./photos/batch-upload-page'));
const ManagePrintOptionsPage = lazy(() => import('./print-options/manage-print-options-page'));
const PickPhotoPage = lazy(() => import('./print-options/pick-photo-page'));
const PhotoPrintOptionsPage = lazy(() => import('./print-options/photo-print-options-page'));
const MessagesPage = lazy(() => import('./messages/messages-page'));
const JobsPage = lazy(() => import('./jobs/jobs-page'));
const PromotionsPage = lazy(() => import('./promotions/promotions-page'));
const TaxPage = lazy(() => import('./tax/tax-page'));
const GiftCardsPage = lazy(() => import('./gift-cards/gift-cards-page'));
const CartRemindersPage = lazy(() => import('./cart-reminders/cart-reminders-page'));
const NewsletterPage = lazy(() => import('./newsletter/newsletter-page'));
const PrintLabPage = lazy(() => import('./print-lab/print-lab-page'));
const LabReviewPage = lazy(() => import('./lab-review/lab-review-page'));
const PhotoEditionPanel = lazy(() => import('./editions/photo-edition-panel'));
const PhotoLicensingPanel = lazy(() => import('./licences/photo-licensing-panel'));
const LicencesPage = lazy(() => import('./licences/licences-page'));
const EditionsToSignCard = lazy(() => import('./editions/editions-to-sign-card'));
const CertificateSettingsPanel = lazy(() => import('./editions/certificate-settings-panel'));

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<CenteredSpinner label="Loading..." />}>{children}</Suspense>;
}

/**
 * The batch queue kept on the phone is sent whenever the signed-in admin is open, whatever the
 * screen (loaded on demand: tus and IndexedDB code stay out of the admin's first chunk).
 */
function UploadQueueResume() {
  useEffect(() => {
    void import('./photos/upload-queue').then((queue) => queue.startUploadQueue());
  }, []);
  return null;
}

/** Every admin route (the shell's eight tabs, sign-in and dashboard); paths are relative to /admin. */
function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminFrame />}>
        <Route index element={<LoginPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="auth-redirect" element={<AuthRedirectPage />} />
        <Route element={<RequireAdmin />}>
          <Route
            element={
              <>
                <UploadQueueResume />
                <AdminShell />
              </>
            }
          >
            <Route element={<AdminTabsLayout />}>
              {/* where she lands after signing in: the set-up checklist, then her photos */}
              <Route
                path="dashboard"
                element={
                  <>
                    <SetupChecklist />
                    <PhotosTab />
                  </>
                }
              />
              <Route path="photos" element={<PhotosTab />} />
              <Route path="sale-items" element={<PrintOptionsTab />} />
              <Route path="about" element={<AboutTab />} />
              <Route
                path="website-data"
                element={
                  <>
                    <WebsiteDataTab />
                    <CertificateSettingsPanel />
                  </>
                }
              />
              <Route
                path="orders"
                element={
                  <>
                    <EditionsToSignCard />
                    <OrdersTab />
                  </>
                }
              />
              <Route path="faqs" element={<FaqsTab />} />
              <Route path="shipping-notice" element={<ShippingNoticeTab />} />
              <Route path="numbers" element={<NumbersTab />} />
            </Route>
            <Route
              path="add-photo"
              element={
                <Screen>
                  <AddPhotoPage />
                </Screen>
              }
            />
            <Route
              path="photos/batch"
              element={
                <Screen>
                  <BatchUploadPage />
                </Screen>
              }
            />
            <Route
              path="edit-photo/:id"
              element={
                <Screen>
                  <EditPhotoPage
                    extra={
                      <>
                        <PhotoEditionPanel />
                        <PhotoLicensingPanel />
                      </>
                    }
                  />
                </Screen>
              }
            />
            <Route
              path="manage-item-options"
              element={
                <Screen>
                  <ManagePrintOptionsPage />
                </Screen>
              }
            />
            <Route
              path="licences"
              element={
                <Screen>
                  <LicencesPage />
                </Screen>
              }
            />
            <Route
              path="manage-photo-options"
              element={
                <Screen>
                  <PickPhotoPage />
                </Screen>
              }
            />
            <Route
              path="manage-photo-options/:id"
              element={
                <Screen>
                  <PhotoPrintOptionsPage />
                </Screen>
              }
            />
            {/* the Orders tab's sub-pages: promotion codes, sales tax, gift cards, the print lab and its orders to review */}
            <Route
              path="orders/promotions"
              element={
                <Screen>
                  <PromotionsPage />
                </Screen>
              }
            />
            <Route
              path="orders/tax"
              element={
                <Screen>
                  <TaxPage />
                </Screen>
              }
            />
            <Route
              path="orders/gift-cards"
              element={
                <Screen>
                  <GiftCardsPage />
                </Screen>
              }
            />
            <Route
              path="orders/cart-reminders"
              element={
                <Screen>
                  <CartRemindersPage />
                </Screen>
              }
            />
            <Route
              path="newsletter"
              element={
                <Screen>
                  <NewsletterPage />
                </Screen>
              }
            />
            <Route
              path="orders/print-lab"
              element={
                <Screen>
                  <PrintLabPage />
                </Screen>
              }
            />
            <Route
              path="orders/to-review"
              element={
                <Screen>
                  <LabReviewPage />
                </Screen>
              }
            />
            <Route path="password" element={<ChangePasswordPage />} />
            <Route
              path="jobs"
              element={
                <Screen>
                  <JobsPage />
                </Screen>
              }
            />
            <Route
              path="messages"
              element={
                <Screen>
                  <MessagesPage />
                </Screen>
              }
            />
            <Route path="edit-photo" element={<Navigate to="/admin/dashboard" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** The page keeps MUI (components/mui-scope.tsx). */
export default function AdminApp() {
  return (
    <MuiScope>
      <AdminRoutes />
    </MuiScope>
  );
}
