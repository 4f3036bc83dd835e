#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A stand-in for fstests' check, for the run tests: the options run uses
# (-s, -E, -x, -R xunit, test names), results/<section>/result.xml in
# fstests' xunit shape rewritten before each test with time="" (so a
# kill leaves the tests before), .out.bad and .full files, the console
# lines check prints, and an INT/TERM trap that finishes the report as
# fstests' own does (a SIGINT that reaches check while a test runs is
# lost, as in fstests: SIGTERM works). What each test does:
#   generic/001 passes              generic/002 always fails
#   generic/003 fails once, then passes (a counter in $FAKE_STATE)
#   generic/004 is not run
#   generic/005 runs for a long time if $FAKE_STATE/hang exists
#   generic/006 is in group "dangerous"
#   generic/010 and generic/100 pass
#   generic/007 crashes the kernel (sysrq c), but only in a guest of
#   "run --vm" (FSTESTS_EXPUNGE_GUEST and its mark on the kernel command
#   line); elsewhere it passes. In a guest, KERNEL is uname -r,
#   $FAKE_STATE is fake-state/ of the tree where there is one, and each
#   test's .full ends with the CONFIG_EXT4_FS line of $KCONFIG_PATH,
#   the filesystem on /dev/vda and whether dmsetup made the node
#   /dev/mapper/NAME of a device-mapper target (fstests' dm tests name
#   their targets so), a link to its dm-N as udev makes it.
# Any other test is unknown and ignored, as check does.
# FAKE_FAIL="T..." makes those tests fail too. If $FAKE_STATE/spawn
# exists, check first starts two sleepers in the background, as a test's
# helpers are: one in its process group, one in a session of its own
# (setsid); their pids go to grandchild.pid and escapee.pid.
# Files in $FAKE_STATE that make check go wrong, as a real one can:
#   unknown-section  results go to RESULT_BASE/result.xml, no section
#   no-report        no result.xml at all
#   garbage          a result.xml that is no XML
#   stop-after       holds N: after N tests check stops (it cannot
#                    mount the test device), its report without time
#   no-retry         a second call of check runs nothing
#   hang-call        holds N: generic/005 hangs (with hang) in call N only
nl=$'\n'
kernel=6.12.9
in_guest() {
	[ -n "$FSTESTS_EXPUNGE_GUEST" ] &&
		grep -qw fstests_expunge_guest /proc/cmdline 2>/dev/null
}
in_guest && kernel=$(uname -r)
section=
tests=()
excludes=()
xgroups=()
all="generic/001 generic/002 generic/003 generic/004 generic/005"
all="$all generic/006 generic/010 generic/100"
state=${FAKE_STATE:-/tmp}
# a guest has none of run's environment: fake-state/ of the tree, if there
in_guest && [ -d "$PWD/fake-state" ] && state=$PWD/fake-state
base=${RESULT_BASE:-$PWD/results}

while [ $# -gt 0 ]; do
	case "$1" in
	-s) section=$2; shift ;;
	-E) excludes+=("$2"); shift ;;
	-x) xgroups+=("$2"); shift ;;
	-R) [ "$2" = xunit ] || { echo "bad -R $2" >&2; exit 1; }; shift ;;
	-g) shift ;;
	-*) echo "unknown option $1" >&2; exit 1 ;;
	*) tests+=("$1") ;;
	esac
	shift
done
[ -n "$section" ] || { echo "no -s" >&2; exit 1; }
[ ${#tests[@]} -gt 0 ] || tests=($all)
echo "${tests[*]}" >>"$state/fake-check.calls"
echo "${xgroups[*]}" >>"$state/fake-check.groups"
echo $$ >"$state/check.pid"
if [ -e "$state/spawn" ]; then
	sleep 1000 </dev/null >/dev/null 2>&1 &
	echo $! >"$state/grandchild.pid"
	setsid sleep 1000 </dev/null >/dev/null 2>&1 &
	echo $! >"$state/escapee.pid"
fi

dir=$base/$section
[ -e "$state/unknown-section" ] && dir=$base
ncalls=$(wc -l <"$state/fake-check.calls")
[ -e "$state/no-retry" ] && [ "$ncalls" -gt 1 ] && tests=()
mkdir -p "$dir/generic"
cases=
failures=0
skipped=0
ran=0
start=$(date +%s)

excluded() {
	local f line
	for f in "${excludes[@]}"; do
		[ -f "$f" ] || continue
		while IFS= read -r line; do
			line=${line%%#*}
			line=${line%% *}
			[ "$line" = "$1" ] && return 0
		done <"$f"
	done
	[ "$1" = generic/006 ] && for g in "${xgroups[@]}"; do
		[ "$g" = dangerous ] && return 0
	done
	return 1
}

report() {
	{
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo '<testsuite'
	echo ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
	echo ''
	echo ' name="xfstests"'
	echo " failures=\"$failures\" skipped=\"$skipped\" tests=\"$ran\" time=\"$1\""
	echo ' hostname="fake"'
	echo '>'
	echo '	<properties>'
	echo '		<property name="FSTYP" value="ext4"/>'
	echo "		<property name=\"KERNEL\" value=\"$kernel\"/>"
	echo "		<property name=\"SECTION\" value=\"$section\"/>"
	echo '	</properties>'
	printf '%s' "$cases"
	echo '</testsuite>'
	} >"$dir/result.xml"
	[ -e "$state/no-report" ] && rm -f "$dir/result.xml"
	[ -e "$state/garbage" ] && echo "garbage <" >"$dir/result.xml"
	true
}

finish() {
	report $(($(date +%s) - start))
	exit 1
}
trap finish INT TERM

fails() {
	case " $FAKE_FAIL " in *" $1 "*) return 0 ;; esac
	case $1 in
	generic/002) return 0 ;;
	generic/003)
		n=$(cat "$state/fake-003" 2>/dev/null || echo 0)
		echo $((n + 1)) >"$state/fake-003"
		[ "$n" -eq 0 ] ;;
	*) return 1 ;;
	esac
}

echo "SECTION       -- $section"
echo "FSTYP         -- ext4"
for t in "${tests[@]}"; do
	report ""
	if [ -e "$state/stop-after" ] && [ $ran -ge $(cat "$state/stop-after") ]; then
		echo "mount: cannot mount the test device"
		exit 1
	fi
	printf '%-12s' "$t"
	# as check does, before it looks at the exclude list
	rm -f "$dir/$t.out.bad"
	case " $all generic/007 " in *" $t "*) ;; *)
		echo " - unknown test, ignored"
		continue ;;
	esac
	if excluded "$t"; then
		echo "       [expunged]"
		continue
	fi
	ran=$((ran + 1))
	# as check does, where it can write the kernel log
	in_guest && echo "run fstests $t at $(date '+%F %T')" >/dev/kmsg
	if [ $t = generic/005 ] && [ -e "$state/hang" ] &&
	   { [ ! -e "$state/hang-call" ] ||
	     [ "$ncalls" = "$(cat "$state/hang-call")" ]; }; then
		# a test script as fstests' are: a trap of its own and a
		# normal exit on SIGINT, after which bash, waiting for it,
		# drops its own SIGINT (and its trap) for good. It waits in
		# short sleeps: a signal that reaches a sleep still being
		# forked is lost to it, and bash runs its trap only once the
		# sleep ends
		bash -c 'trap "exit 1" INT TERM
			 i=0; while [ $i -lt 10000 ]; do sleep 0.1; i=$((i + 1)); done
			 exit 0'
	fi
	[ $t = generic/007 ] && in_guest && echo c >/proc/sysrq-trigger
	tc="	<testcase classname=\"xfstests.$section\" name=\"$t\" time=\"0\">"$'\n'
	echo "$t ran" >"$dir/$t.full"
	# as _require_kernel_config reads it: KCONFIG_PATH first
	in_guest && grep -h '^CONFIG_EXT4_FS=' "${KCONFIG_PATH:-/nonexistent}" \
		>>"$dir/$t.full" 2>/dev/null
	# and what the guest made TEST_DEV (the first disk) before check
	in_guest && echo "TEST_DEV holds $(blkid -c /dev/null -s TYPE -o value \
		/dev/vda)" >>"$dir/$t.full"
	if in_guest && [ $t = generic/001 ]; then
		dmsetup create fexp-dm --table "0 8 linear /dev/vda 0"
		if [ -b /dev/mapper/fexp-dm ]; then
			echo "dm node made" >>"$dir/$t.full"
			# as udev makes it: where it leads names its sysfs dir
			l=$(readlink -f /dev/mapper/fexp-dm)
			[ -L /dev/mapper/fexp-dm ] && [ -d "/sys/block/${l##*/}/dm" ] &&
				echo "dm node links to ${l##*/}" >>"$dir/$t.full"
		else
			echo "dm node missing" >>"$dir/$t.full"
		fi
		dmsetup remove fexp-dm
	fi >/dev/null 2>&1
	if [ $t = generic/004 ]; then
		skipped=$((skipped + 1))
		tc+="		<skipped message=\"not here & not now\" />"$'\n'
		echo " [not run] not here & not now"
	elif fails $t; then
		failures=$((failures + 1))
		echo "-silence" >"$dir/$t.out.bad"
		msg="- output mismatch (see $dir/$t.out.bad) <"
		tc+="		<failure message=\"$msg\" type=\"TestFail\" />"$'\n'
		tc+="		<system-out>$nl<![CDATA[$nl$t ran$nl]]>$nl"
		tc+="		</system-out>$nl"
		tc+="		<system-err>$nl<![CDATA[$nl--- tests/$t.out$nl"
		tc+="+++ $dir/$t.out.bad$nl-silence$nl]]>$nl		</system-err>$nl"
		echo " - output mismatch (see $dir/$t.out.bad)"
	else
		rm -f "$dir/$t.out.bad"
		echo " 0s"
	fi
	cases+="$tc	</testcase>"$'\n'
done
report $(($(date +%s) - start))
[ $failures -eq 0 ]
