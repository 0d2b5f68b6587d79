import type { ReactNode } from 'react';
import { SitePageMeta } from '../../components/page-meta';
import { SplitColumns } from '../../components/split-columns';
import { MailOutlinedIcon, ScheduleIcon, cx } from '../../components/ui';
import { useContactFormQuery } from './api';
import { ContactFormIsland } from './contact-form';
import styles from './contact-page.module.css';

export default function ContactPage() {
  // The server's answer when the form was posted without JavaScript (<form method="post">).
  const { data: posted } = useContactFormQuery();
  return (
    <div className={'container page'}>
      <SitePageMeta
        page="Contact"
        description="Questions about a print, a custom size or a photograph you saw here? Send a note and I will write back."
        path="/contact"
      />
      <SplitColumns fr={[5, 7]} gap={{ xs: 5, md: 8 }}>
        <div>
          <span className="t-overline t-accent">Contact</span>
          <h1 className={cx('t-page-title', styles.title)}>Get in Touch</h1>
          <p className={cx('t-lead t-muted', styles.lead)}>
            Questions about a print, a custom size or a photograph you saw here? Send a note and I will write
            back.
          </p>
          <div className={styles.infoRows}>
            <InfoRow icon={<ScheduleIcon />} title="Response time">
              I read every message and usually respond within 1-2 business days.
            </InfoRow>
            <InfoRow icon={<MailOutlinedIcon />} title="Prints and orders">
              For an order already placed, please include your order number.
            </InfoRow>
          </div>
        </div>

        <ContactFormIsland posted={posted ?? null} />
      </SplitColumns>
    </div>
  );
}

function InfoRow({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className={styles.infoRow}>
      <div aria-hidden className={styles.infoIcon}>
        {icon}
      </div>
      <div>
        <p className={styles.infoTitle}>{title}</p>
        <p className="t-body2 t-muted">{children}</p>
      </div>
    </div>
  );
}
