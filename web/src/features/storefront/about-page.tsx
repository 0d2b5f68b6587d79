import { useEffect } from 'react';
import { SitePageMeta } from '../../components/page-meta';
import { SplitColumns } from '../../components/split-columns';
import { ResponsiveImage } from '../../components/responsive-image';
import { RichText } from '../../components/rich-text';
import { Skeleton, cx } from '../../components/ui';
import { useGetAboutQuery } from '../../lib/content-api';
import { useSite } from '../../lib/site-context';
import {
  DEFAULT_APPROACH_TEXT,
  DEFAULT_HEADSHOT,
  DEFAULT_MAIN_BIO,
  DEFAULT_SERVICES_TEXT,
} from './about-defaults';
import styles from './about-page.module.css';

export default function AboutPage() {
  const { photographerName, loaded } = useSite();
  const { data: about, isLoading, error } = useGetAboutQuery();

  // A failed load is only logged; the built-in text shows instead.
  useEffect(() => {
    if (error) console.error('Failed to load about content', error);
  }, [error]);

  const mainBio = about?.mainBio ?? DEFAULT_MAIN_BIO;
  const approachText = about?.approachText ?? DEFAULT_APPROACH_TEXT;
  const servicesText = about?.servicesText ?? DEFAULT_SERVICES_TEXT;

  return (
    <>
      <SitePageMeta
        page="About"
        description={`About ${photographerName || 'the photographer'}, an amateur nature photographer in Washington, DC, and the prints on offer.`}
        path="/about"
      />
      <div className={cx('container', styles.intro)}>
        <SplitColumns fr={[5, 7]} gap={{ xs: 4, md: 8 }}>
          <div className={styles.portrait}>
            {isLoading ? (
              <Skeleton className={styles.portraitSkeleton} />
            ) : (
              <div className={styles.frame}>
                <ResponsiveImage
                  photo={about?.headshotFiles ? { files: about.headshotFiles } : null}
                  src={about?.headshotUrl ?? DEFAULT_HEADSHOT}
                  alt={
                    loaded && photographerName
                      ? `Portrait of ${photographerName}`
                      : 'Portrait of the photographer'
                  }
                  ratio={1}
                  sizes="(min-width: 900px) 40vw, 100vw"
                  priority
                />
              </div>
            )}
          </div>
          <div>
            <span className="t-overline t-accent">About</span>
            <h1 className={cx('t-page-title', styles.title)}>
              {loaded && photographerName ? `Hello, I'm ${photographerName}` : 'About the Photographer'}
            </h1>
            {isLoading ? <TextSkeleton /> : <RichText html={mainBio} headingLevel={1} />}
          </div>
        </SplitColumns>
      </div>

      <section className={styles.more}>
        <div className="container">
          <div className={styles.articles}>
            <article aria-labelledby="approach-heading">
              <h2 id="approach-heading" className={cx('t-h3', styles.articleHeading)}>
                My Approach
              </h2>
              {isLoading ? <TextSkeleton /> : <RichText html={approachText} headingLevel={2} />}
            </article>
            <article aria-labelledby="services-heading">
              <h2 id="services-heading" className={cx('t-h3', styles.articleHeading)}>
                Prints &amp; Services
              </h2>
              {isLoading ? <TextSkeleton /> : <RichText html={servicesText} headingLevel={2} />}
            </article>
          </div>
        </div>
      </section>
    </>
  );
}

function TextSkeleton() {
  return (
    <div aria-hidden>
      {[100, 96, 98, 70].map((width, i) => (
        <Skeleton key={i} variant="text" width={`${width}%`} className={styles.textSkeleton} />
      ))}
    </div>
  );
}
