import { Link } from 'react-router';
import { useIsSignedIn } from '~/auth/use-auth';
import { ContentImage } from '~/components/content-image';
import type { CourseCardData } from '../types';

interface CourseCardProps {
  course: CourseCardData;
  /** Cards below the fold load their image lazily. */
  lazyImage: boolean;
}

export function CourseCard({ course, lazyImage }: CourseCardProps) {
  const signedIn = useIsSignedIn();
  return (
    <li className="course-card">
      <ContentImage
        className="course-card__image"
        image={course.image}
        priority={lazyImage ? 'lazy' : 'auto'}
      />
      <div className="course-card__body">
        <h3>{course.title}</h3>
        <p>{course.summary}</p>
        {course.meetings.map((line) => (
          <p key={line} className="course-card__meetings">
            {line}
          </p>
        ))}
        <Link className="btn btn-outline course-card__link" to={course.path}>
          {signedIn ? 'Fazer Matrícula' : 'Mais Informações'}
          {/* Names the course for screen readers and search engines: ten links, ten names. */}
          <span className="visually-hidden">: {course.title}</span>
        </Link>
      </div>
    </li>
  );
}
