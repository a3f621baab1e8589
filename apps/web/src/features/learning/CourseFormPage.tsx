import { Paper, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { showSuccess } from '../../ui/toast';
import { CourseForm } from './CourseForm';
import { useLearningTexts } from './texts';

/** /courses/new: a new course, created as a draft; its page opens next to add lessons and tests. */
export default function CourseFormPage() {
  const { t } = useLearningTexts();
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <PageHeader title={t('courses.form.createTitle')} description={t('courses.form.createText')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <CourseForm
          onDone={(course) => {
            showSuccess(t('courses.form.saved'));
            navigate(`/courses/${course._id}`, { replace: true });
          }}
          onCancel={() => navigate('/courses?tab=manage')}
        />
      </Paper>
    </Stack>
  );
}
