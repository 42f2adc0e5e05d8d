#!/usr/bin/env perl
# Random, for any game: a uniformly random legal action in text form, never a signal, and for
# Power Grid only the lowest bid or opening offer per plant. A tabletop-bot/1 bot
# (docs/bot-protocol.md) in Perl with core modules only (JSON::PP).
#   tabletop bot-check "exec:perl examples/bots/random.pl" --game powergrid
use strict;
use warnings;
use JSON::PP;

$| = 1;
my $json = JSON::PP->new->canonical;
while (my $line = <STDIN>) {
    my $msg = $json->decode($line);
    my $type = $msg->{type};
    if ($type eq 'hello') {
        print $json->encode({type => 'ready', name => 'random.pl', legal => 'text',
                             view => JSON::PP::false, events => JSON::PP::false}), "\n";
    } elsif ($type eq 'start') {
        srand($msg->{seed} % 4294967296);
    } elsif ($type eq 'act') {
        my (%low, @moves);
        for my $a (@{ $msg->{legal} }) {
            my @w = split ' ', $a;
            next if $w[0] eq 'signal';
            if ($w[0] eq 'bid') { $low{bid} //= $a; next }
            if ($w[0] eq 'auction') { $low{"auction $w[1]"} //= $a; next }
            push @moves, $a;
        }
        push @moves, map { $low{$_} } sort keys %low;
        print $json->encode({type => 'action', action => $moves[int(rand(@moves))]}), "\n";
    } elsif ($type eq 'quit') {
        last;
    }
}
