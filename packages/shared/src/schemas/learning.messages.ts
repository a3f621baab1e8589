import { defineMessages } from '../catalogue.js';

/** Learning's error codes (modules §5 Test, §4; docs/api.md "Learning"). */
export const messages = defineMessages({
  course_not_found: { en: 'Course not found', ru: 'Курс не найден', uk: 'Курс не знайдено' },
  course_title_required: {
    en: 'Give the course a title',
    ru: 'Укажите название курса',
    uk: 'Вкажіть назву курсу',
  },
  course_status_invalid: {
    en: 'Unknown course status',
    ru: 'Неизвестный статус курса',
    uk: 'Невідомий статус курсу',
  },
  course_empty: {
    en: 'Add a lesson or a test before appointing or publishing the course',
    ru: 'Добавьте урок или тест, прежде чем назначать или публиковать курс',
    uk: 'Додайте урок або тест, перш ніж призначати чи публікувати курс',
  },
  course_has_learners: {
    en: 'People have started this course: archive it instead of deleting it',
    ru: 'Этот курс уже начали проходить: отправьте его в архив вместо удаления',
    uk: 'Цей курс уже почали проходити: відправте його в архів замість видалення',
  },
  course_order_invalid: {
    en: 'The order must name every lesson and test of the course once',
    ru: 'Порядок должен содержать каждый урок и тест курса ровно один раз',
    uk: 'Порядок має містити кожен урок і тест курсу рівно один раз',
  },
  course_items_too_many: {
    en: 'A course holds at most 200 lessons and 200 tests',
    ru: 'В курсе может быть не больше 200 уроков и 200 тестов',
    uk: 'У курсі може бути не більше 200 уроків і 200 тестів',
  },
  course_not_member: {
    en: 'You are not a member of this course',
    ru: 'Вы не участник этого курса',
    uk: 'Ви не учасник цього курсу',
  },
  course_not_joinable: {
    en: 'Only a published course can be joined',
    ru: 'Присоединиться можно только к опубликованному курсу',
    uk: 'Приєднатися можна лише до опублікованого курсу',
  },
  course_closed: {
    en: 'This course is not open for learning (a draft or archived)',
    ru: 'Этот курс сейчас не открыт для обучения (черновик или архив)',
    uk: 'Цей курс зараз не відкритий для навчання (чернетка або архів)',
  },
  course_not_learned: {
    en: 'The certificate is issued once the course is learned',
    ru: 'Сертификат выдаётся после прохождения курса',
    uk: 'Сертифікат видається після проходження курсу',
  },
  course_members_required: {
    en: 'Choose people or an audience',
    ru: 'Выберите сотрудников или аудиторию',
    uk: 'Оберіть співробітників або аудиторію',
  },
  course_member_not_found: {
    en: 'This person is not a member of the course',
    ru: 'Этот сотрудник не участник курса',
    uk: 'Цей співробітник не учасник курсу',
  },
  lesson_not_found: { en: 'Lesson not found', ru: 'Урок не найден', uk: 'Урок не знайдено' },
  lesson_title_required: {
    en: 'Give the lesson a title',
    ru: 'Укажите название урока',
    uk: 'Вкажіть назву уроку',
  },
  test_not_found: { en: 'Test not found', ru: 'Тест не найден', uk: 'Тест не знайдено' },
  test_title_required: {
    en: 'Give the test a title',
    ru: 'Укажите название теста',
    uk: 'Вкажіть назву тесту',
  },
  test_time_limit_invalid: {
    en: 'The time limit is a whole number of minutes from 0 (none) to 600',
    ru: 'Ограничение времени — целое число минут от 0 (без ограничения) до 600',
    uk: 'Обмеження часу — ціле число хвилин від 0 (без обмеження) до 600',
  },
  test_pass_score_invalid: {
    en: 'The passing score is a whole percent from 0 to 100',
    ru: 'Проходной балл — целый процент от 0 до 100',
    uk: 'Прохідний бал — цілий відсоток від 0 до 100',
  },
  test_question_not_found: { en: 'Question not found', ru: 'Вопрос не найден', uk: 'Питання не знайдено' },
  test_question_text_required: {
    en: 'Write the question',
    ru: 'Напишите текст вопроса',
    uk: 'Напишіть текст питання',
  },
  test_answer_text_required: {
    en: 'Fill in every answer',
    ru: 'Заполните все варианты ответа',
    uk: 'Заповніть усі варіанти відповіді',
  },
  test_answers_too_few: {
    en: 'A question needs at least two answers',
    ru: 'У вопроса должно быть не меньше двух вариантов ответа',
    uk: 'Питання має мати щонайменше два варіанти відповіді',
  },
  test_answers_too_many: {
    en: 'A question has at most 15 answers',
    ru: 'У вопроса может быть не больше 15 вариантов ответа',
    uk: 'Питання може мати не більше 15 варіантів відповіді',
  },
  test_correct_answer_required: {
    en: 'Mark at least one answer as correct',
    ru: 'Отметьте хотя бы один правильный ответ',
    uk: 'Позначте хоча б одну правильну відповідь',
  },
  test_questions_too_many: {
    en: 'A test holds at most 200 questions',
    ru: 'В тесте может быть не больше 200 вопросов',
    uk: 'У тесті може бути не більше 200 питань',
  },
  test_has_attempts: {
    en: 'People have taken this test: it can no longer be changed (move the course to draft first)',
    ru: 'Этот тест уже проходили: его нельзя изменить (сначала верните курс в черновик)',
    uk: 'Цей тест уже проходили: його не можна змінити (спочатку поверніть курс у чернетку)',
  },
  test_no_questions: {
    en: 'This test has no questions yet',
    ru: 'В этом тесте ещё нет вопросов',
    uk: 'У цьому тесті ще немає питань',
  },
  test_for_self_only: {
    en: 'A test can only be taken by oneself',
    ru: 'Тест можно проходить только самому',
    uk: 'Тест можна проходити лише самому',
  },
  test_attempt_not_found: {
    en: 'Attempt not found',
    ru: 'Попытка не найдена',
    uk: 'Спробу не знайдено',
  },
  test_attempt_finished: {
    en: 'This attempt is already finished',
    ru: 'Эта попытка уже завершена',
    uk: 'Цю спробу вже завершено',
  },
  test_time_over: {
    en: 'The time for this test is over: the answer was not taken',
    ru: 'Время теста вышло: ответ не принят',
    uk: 'Час тесту вичерпано: відповідь не прийнято',
  },
  test_answer_unknown: {
    en: 'That answer is not one of the question’s',
    ru: 'Такого варианта ответа у вопроса нет',
    uk: 'Такого варіанта відповіді у питання немає',
  },
  test_one_answer: {
    en: 'Choose one answer to this question',
    ru: 'Выберите один вариант ответа на этот вопрос',
    uk: 'Оберіть один варіант відповіді на це питання',
  },
});

type DeclaredCodes = keyof typeof messages;
declare module '../messages.js' {
  interface ModuleMessageCodes extends Record<DeclaredCodes, true> {}
}
